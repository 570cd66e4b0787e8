import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { type Hex, keccak256, recoverAddress, serializeSignature, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalKms, startLocalKms } from '#infra/local/kms.ts';
import { kmsSigner } from '#shared/custody/kms-signer.ts';

const keyId = 'alias/payouts-relayer-base';
const dir = mkdtempSync(join(tmpdir(), 'payouts-kms-unit-'));
let kms: LocalKms;

beforeAll(async () => {
  kms = await startLocalKms({ [keyId]: join(dir, 'relayer.key') });
});
afterAll(async () => {
  await kms?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const digest = keccak256(toHex('send 1 ETH to whoever asks'));
const clientWith = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
  new KMSClient({ endpoint: kms.endpoint, region: 'eu-central-1', credentials, maxAttempts: 1 });
const signDigest = (client: KMSClient) =>
  client.send(
    new SignCommand({
      KeyId: keyId,
      Message: Buffer.from(digest.slice(2), 'hex'),
      MessageType: 'DIGEST',
      SigningAlgorithm: 'ECDSA_SHA_256',
    }),
  );

describe('the KMS stand-in', () => {
  it("signs for the service's own client, with the credentials drawn at its start", async () => {
    const signer = await kmsSigner(clientWith(kms.credentials), keyId);

    const { r, s, yParity } = await signer.signDigest(Buffer.from(digest.slice(2), 'hex'));

    const signature = serializeSignature({ r: toHex(r, { size: 32 }), s: toHex(s, { size: 32 }), yParity });
    expect(await recoverAddress({ hash: digest, signature })).toBe(signer.address as Hex);
  });

  it('draws other credentials at each start', async () => {
    const other = await startLocalKms({ [keyId]: join(dir, 'relayer.key') });
    try {
      expect(other.credentials.accessKeyId).not.toBe(kms.credentials.accessKeyId);
      expect(other.credentials.secretAccessKey).not.toBe(kms.credentials.secretAccessKey);
      const previous = new KMSClient({
        endpoint: other.endpoint,
        region: 'eu-central-1',
        credentials: kms.credentials,
        maxAttempts: 1,
      });
      await expect(signDigest(previous)).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    } finally {
      await other.stop();
    }
  });

  it('refuses a Sign request without a signature, as AWS does, and signs nothing', async () => {
    const response = await fetch(kms.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'TrentService.Sign' },
      body: JSON.stringify({
        KeyId: keyId,
        Message: Buffer.from(digest.slice(2), 'hex').toString('base64'),
        MessageType: 'DIGEST',
        SigningAlgorithm: 'ECDSA_SHA_256',
      }),
    });

    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ __type: 'MissingAuthenticationTokenException', message: expect.any(String) });
    expect(body).not.toHaveProperty('Signature');
  });

  it('refuses a request signed with a wrong secret or an unknown access key id', async () => {
    const wrongSecret = { accessKeyId: kms.credentials.accessKeyId, secretAccessKey: 'not-the-secret' };
    const unknownKey = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: kms.credentials.secretAccessKey };

    await expect(signDigest(clientWith(wrongSecret))).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      $metadata: { httpStatusCode: 400 },
    });
    await expect(signDigest(clientWith(unknownKey))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      $metadata: { httpStatusCode: 400 },
    });
  });

  it('refuses a signature replayed over another digest', async () => {
    const client = clientWith(kms.credentials);
    const otherDigest = Buffer.from(keccak256(toHex('another transfer')).slice(2), 'hex').toString('base64');
    // After signing, the body is swapped for one of the same length: the signature no longer covers it.
    type Handler = (args: { request: { body: unknown } }) => Promise<unknown>;
    const swapBody =
      (next: Handler): Handler =>
      async (args) => {
        args.request.body = Buffer.from(args.request.body as Uint8Array)
          .toString('utf8')
          .replace(Buffer.from(digest.slice(2), 'hex').toString('base64'), otherDigest);
        return next(args);
      };
    client.middlewareStack.addRelativeTo(swapBody as never, {
      relation: 'after',
      toMiddleware: 'httpSigningMiddleware',
    });

    await expect(signDigest(client)).rejects.toMatchObject({ name: 'InvalidSignatureException' });
  });
});
