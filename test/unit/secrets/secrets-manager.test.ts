import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '#shared/config/env.ts';
import {
  processSecrets,
  SECRET_KEEP_MS,
  SecretNameError,
  secretsManagerStore,
} from '#shared/secrets/secrets-manager.ts';

/** A Secrets Manager client that records each command and answers from `answer`. */
function recordingClient(answer: (secretId: string) => Promise<Record<string, unknown>>) {
  const sent: unknown[] = [];
  const client = {
    send: async (command: unknown) => {
      sent.push(command);
      return answer(String((command as GetSecretValueCommand).input.SecretId));
    },
  } as unknown as Pick<SecretsManagerClient, 'send'>;
  return { client, sent };
}

describe('the secrets port on Secrets Manager', () => {
  it('asks GetSecretValue with the secret id and nothing else, and answers its text as stored', async () => {
    const { client, sent } = recordingClient(async () => ({ SecretString: '-----BEGIN KEY-----\nabc\n' }));
    expect(await secretsManagerStore(client).read('payouts-live/bank/ssh-key')).toBe('-----BEGIN KEY-----\nabc\n');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(GetSecretValueCommand);
    expect((sent[0] as GetSecretValueCommand).input).toEqual({ SecretId: 'payouts-live/bank/ssh-key' });
  });

  it('keeps a read for five minutes, then reads again: a rotated secret is taken up without a redeploy', async () => {
    let version = 1;
    const { client, sent } = recordingClient(async () => ({ SecretString: `key-${version}` }));
    let now = 0;
    const store = secretsManagerStore(client, () => now);
    expect(await store.read('payouts/vop-key')).toBe('key-1');
    version = 2;
    now = SECRET_KEEP_MS - 1;
    expect(await store.read('payouts/vop-key')).toBe('key-1');
    now = SECRET_KEEP_MS + 1;
    expect(await store.read('payouts/vop-key')).toBe('key-2');
    expect(sent).toHaveLength(2);
  });

  it('keeps each secret apart', async () => {
    const { client } = recordingClient(async (id) => ({ SecretString: `value of ${id}` }));
    const store = secretsManagerStore(client);
    expect(await store.read('a')).toBe('value of a');
    expect(await store.read('b')).toBe('value of b');
  });

  it('does not keep a failed read: the next one asks again', async () => {
    let fail = true;
    const { client, sent } = recordingClient(async () => {
      if (fail) throw new Error('AccessDeniedException');
      return { SecretString: 'key-1' };
    });
    const store = secretsManagerStore(client, () => 0);
    await expect(store.read('payouts/vop-key')).rejects.toThrow('AccessDeniedException');
    fail = false;
    expect(await store.read('payouts/vop-key')).toBe('key-1');
    expect(sent).toHaveLength(2);
  });

  it('refuses a secret without text (binary or empty), naming the secret only', async () => {
    const { client } = recordingClient(async () => ({ SecretBinary: new Uint8Array([1, 2, 3]) }));
    const store = secretsManagerStore(client, () => 0);
    await expect(store.read('payouts/binary')).rejects.toThrow(/^Secret payouts\/binary holds no text$/);
    const empty = recordingClient(async () => ({ SecretString: '' }));
    await expect(secretsManagerStore(empty.client).read('payouts/empty')).rejects.toThrow('holds no text');
  });

  it.each([
    ['an empty name', ''],
    ['a space', 'bank key'],
    ['a path', '../../etc/passwd\0'],
    ['a name too long', 'a'.repeat(513)],
    ['a colon outside an ARN', 'payouts:key'],
    ['an ARN of another service', 'arn:aws:s3:eu-central-1:123456789012:secret:x'],
  ])('refuses %s before asking', async (_what, secretId) => {
    const { client, sent } = recordingClient(async () => ({ SecretString: 'x' }));
    await expect(secretsManagerStore(client).read(secretId)).rejects.toBeInstanceOf(SecretNameError);
    expect(sent).toEqual([]);
  });

  it('reads by ARN as by name', async () => {
    const { client, sent } = recordingClient(async () => ({ SecretString: 'x' }));
    const arn = 'arn:aws:secretsmanager:eu-central-1:123456789012:secret:payouts-live/kyc-providers-AbCdEf';
    expect(await secretsManagerStore(client).read(arn)).toBe('x');
    expect((sent[0] as GetSecretValueCommand).input).toEqual({ SecretId: arn });
  });
});

describe("the process's store", () => {
  it('is one store (one client, one cache) for every caller of the process', () => {
    const config = parseConfig({ SECRETS_MANAGER_ENDPOINT: 'http://127.0.0.1:1' });
    expect(processSecrets(config)).toBe(
      processSecrets(parseConfig({ SECRETS_MANAGER_ENDPOINT: 'http://127.0.0.1:1' })),
    );
  });

  it('takes the stand-in from SECRETS_MANAGER_ENDPOINT, a URL', () => {
    expect(parseConfig({ SECRETS_MANAGER_ENDPOINT: 'http://127.0.0.1:4566' }).secrets.endpoint).toBe(
      'http://127.0.0.1:4566',
    );
    expect(parseConfig({}).secrets.endpoint).toBeUndefined();
    expect(() => parseConfig({ SECRETS_MANAGER_ENDPOINT: 'not a url' })).toThrow(/SECRETS_MANAGER_ENDPOINT/);
  });
});
