import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSecretsManager, startLocalSecretsManager } from '#infra/local/secrets-manager.ts';
import { parseConfig } from '#shared/config/env.ts';
import { providerSecret } from '#shared/kyc/credentials.ts';
import { processSecrets, SECRET_KEEP_MS, secretsManagerStore } from '#shared/secrets/secrets-manager.ts';

const REGION = 'eu-central-1';
/** The credentials the process's clients carry, as `npm start` gives its stand-in. */
const credentials = {
  accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
  secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
};

let standIn: LocalSecretsManager;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'payouts-secrets-'));
  standIn = await startLocalSecretsManager({ credentials, region: REGION, folder });
});
afterAll(() => standIn?.stop());

const client = (signedWith = credentials) =>
  new SecretsManagerClient({ region: REGION, endpoint: standIn.endpoint, credentials: signedWith });

describe('the secrets port against the Secrets Manager stand-in', () => {
  it("reads what the stand-in was given, through the process's store on SECRETS_MANAGER_ENDPOINT", async () => {
    standIn.put('payouts-local/kyc-providers', '{"sumsub":{"appToken":"a","secretKey":"b","webhookSecret":"c"}}');
    const config = parseConfig({
      SECRETS_MANAGER_ENDPOINT: standIn.endpoint,
      KYC_PROVIDER_SECRET_ID: 'payouts-local/kyc-providers',
    });
    expect(await providerSecret(config)).toEqual({ sumsub: { appToken: 'a', secretKey: 'b', webhookSecret: 'c' } });
    expect(await processSecrets(config).read('payouts-local/kyc-providers')).toContain('"appToken":"a"');
  });

  it("reads a secret of the stand-in's folder by name, a name's `/` being part of the file's name", async () => {
    writeFileSync(
      join(folder, encodeURIComponent('payouts-local/bank/ssh-key')),
      '-----BEGIN OPENSSH PRIVATE KEY-----\n',
    );
    expect(await secretsManagerStore(client()).read('payouts-local/bank/ssh-key')).toBe(
      '-----BEGIN OPENSSH PRIVATE KEY-----\n',
    );
  });

  it('reads by the ARN the stand-in answers as by name', async () => {
    standIn.put('payouts-local/vop-key', 'k3y');
    const arn = `arn:aws:secretsmanager:${REGION}:000000000000:secret:payouts-local/vop-key-local`;
    expect(await secretsManagerStore(client()).read(arn)).toBe('k3y');
  });

  it('takes up a rotated secret once the kept read expires', async () => {
    writeFileSync(join(folder, 'pgp-passphrase'), 'first');
    let now = 0;
    const store = secretsManagerStore(client(), () => now);
    expect(await store.read('pgp-passphrase')).toBe('first');
    writeFileSync(join(folder, 'pgp-passphrase'), 'second');
    expect(await store.read('pgp-passphrase')).toBe('first');
    now = SECRET_KEEP_MS + 1;
    expect(await store.read('pgp-passphrase')).toBe('second');
  });

  it('does not keep a missing secret: written afterwards, it is found on the next read', async () => {
    const store = secretsManagerStore(client(), () => 0);
    await expect(store.read('written-later')).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    writeFileSync(join(folder, 'written-later'), 'here');
    expect(await store.read('written-later')).toBe('here');
  });

  it('serves no file outside its folder', async () => {
    const store = secretsManagerStore(client(), () => 0);
    await expect(store.read('..')).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    await expect(store.read('.')).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('answers only requests signed with its credentials', async () => {
    standIn.put('payouts-local/vop-key', 'k3y');
    const stranger = secretsManagerStore(client({ accessKeyId: 'other', secretAccessKey: 'other' }));
    await expect(stranger.read('payouts-local/vop-key')).rejects.toThrow();
  });
});
