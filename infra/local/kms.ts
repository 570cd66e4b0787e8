import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { type AwsCredentials, drawCredentials, sigV4Refusal } from '#infra/local/sigv4.ts';

/**
 * AWS KMS's stand-in under `npm start` and in tests: the two operations the relayer's signer calls,
 * `TrentService.GetPublicKey` and `TrentService.Sign`, in KMS's JSON protocol (`application/x-amz-json-1.1`, blobs
 * in base64, errors as `{__type, message}` with a 400), for `ECC_SECG_P256K1` keys chosen by their `KeyId`, each
 * with its private half kept in a file of the data folder (development keys: never fund them with real money).
 * Like KMS, it answers any s (not only the lower half) and no recovery id, so the signer's normalization runs
 * locally too. As KMS, it answers only requests signed (SigV4) with its credentials, drawn at each start and handed
 * to the service's own clients (`credentials`): loopback is open to every process and every web page of the machine,
 * and a signature of the relayer's is worth its gas and its nonce.
 */

const SPKI_PREFIX = Buffer.from('3056301006072a8648ce3d020106052b8104000a034200', 'hex');

export type LocalKms = { endpoint: string; credentials: AwsCredentials; stop: () => Promise<void> };

/**
 * The AWS SDK's variables carrying the stand-in's credentials: `npm start` hands them to the functions it runs in
 * their environment, as Lambda hands a function its role's.
 */
export const kmsCredentialVariables = ({ credentials }: LocalKms) => ({
  AWS_ACCESS_KEY_ID: credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
});

/** The key in `keyFile` (hex), drawn and written on first use. */
function keyOf(keyFile: string): Uint8Array {
  if (existsSync(keyFile)) return Uint8Array.from(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'hex'));
  const key = secp256k1.utils.randomSecretKey();
  mkdirSync(dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, Buffer.from(key).toString('hex'), { mode: 0o600 });
  return key;
}

class KmsRefusal extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

async function bytesOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function jsonOf(body: Buffer): Record<string, unknown> {
  try {
    return JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    throw new KmsRefusal('SerializationException', 'the body is not JSON');
  }
}

/** Serves the keys of `keyFiles` (key id -> the file of its private half, drawn and written on first use). */
export async function startLocalKms(keyFiles: Record<string, string>): Promise<LocalKms> {
  const credentials = drawCredentials();
  const keys = new Map(
    Object.entries(keyFiles).map(([keyId, keyFile]) => {
      const secret = keyOf(keyFile);
      const publicKey = Buffer.concat([SPKI_PREFIX, secp256k1.getPublicKey(secret, false)]).toString('base64');
      return [keyId, { secret, publicKey }];
    }),
  );
  const keyNamed = (body: Record<string, unknown>) => {
    const key = keys.get(String(body.KeyId));
    if (!key) throw new KmsRefusal('NotFoundException', `Key '${String(body.KeyId)}' does not exist`);
    return { keyId: String(body.KeyId), ...key };
  };

  const operations: Record<string, (body: Record<string, unknown>) => Record<string, unknown>> = {
    'TrentService.GetPublicKey': (body) => {
      const { keyId, publicKey } = keyNamed(body);
      return {
        KeyId: keyId,
        PublicKey: publicKey,
        KeySpec: 'ECC_SECG_P256K1',
        CustomerMasterKeySpec: 'ECC_SECG_P256K1',
        KeyUsage: 'SIGN_VERIFY',
        SigningAlgorithms: ['ECDSA_SHA_256'],
      };
    },
    'TrentService.Sign': (body) => {
      const { keyId, secret } = keyNamed(body);
      if (body.SigningAlgorithm !== 'ECDSA_SHA_256')
        throw new KmsRefusal('ValidationException', 'SigningAlgorithm must be ECDSA_SHA_256 for this key');
      if (body.MessageType !== 'DIGEST')
        throw new KmsRefusal('ValidationException', 'this stand-in signs digests only (MessageType DIGEST)');
      const digest = Buffer.from(String(body.Message ?? ''), 'base64');
      if (digest.length !== 32)
        throw new KmsRefusal('ValidationException', 'Digest is invalid length for algorithm ECDSA_SHA_256.');
      // Fresh randomness and any s, as KMS signs: the caller normalizes.
      const der = secp256k1.sign(digest, secret, { prehash: false, lowS: false, extraEntropy: true, format: 'der' });
      return { KeyId: keyId, Signature: Buffer.from(der).toString('base64'), SigningAlgorithm: 'ECDSA_SHA_256' };
    },
  };

  const answer = (response: ServerResponse, status: number, body: Record<string, unknown>) =>
    response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(body));

  const server = createServer(async (request, response) => {
    try {
      const target = String(request.headers['x-amz-target'] ?? '');
      const operation = operations[target];
      const body = await bytesOf(request);
      const refusal = sigV4Refusal(request, body, credentials, 'kms');
      if (refusal) throw new KmsRefusal(refusal.type, refusal.message);
      if (!operation) throw new KmsRefusal('UnknownOperationException', `unsupported operation ${target}`);
      answer(response, 200, operation(jsonOf(body)));
    } catch (error) {
      const refusal = error instanceof KmsRefusal ? error : new KmsRefusal('KMSInternalException', String(error));
      answer(response, refusal.type === 'KMSInternalException' ? 500 : 400, {
        __type: refusal.type,
        message: refusal.message,
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    credentials,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
