import { describe, expect, it } from 'vitest';
import { parseConfig } from '#shared/config/env.ts';
import { providerSecret } from '#shared/kyc/credentials.ts';

const SUMSUB = { appToken: 'app', secretKey: 'key', webhookSecret: 'hook' };

/** A secrets port holding `value` under `id`, recording what it was asked. */
function holding(id: string, value: string) {
  const asked: string[] = [];
  return {
    asked,
    read: async (secretId: string) => {
      asked.push(secretId);
      if (secretId !== id) throw new Error('ResourceNotFoundException');
      return value;
    },
  };
}

describe("the KYC providers' secret, through the secrets port", () => {
  const config = parseConfig({ KYC_PROVIDER_SECRET_ID: 'payouts-live/kyc-providers' });

  it('is read by KYC_PROVIDER_SECRET_ID and parsed by provider', async () => {
    const secrets = holding('payouts-live/kyc-providers', JSON.stringify({ sumsub: SUMSUB }));
    expect(await providerSecret(config, secrets)).toEqual({ sumsub: SUMSUB });
    expect(secrets.asked).toEqual(['payouts-live/kyc-providers']);
  });

  it('is not read when no secret is configured', async () => {
    const secrets = holding('payouts-live/kyc-providers', '{}');
    expect(await providerSecret(parseConfig({}), secrets)).toBeUndefined();
    expect(secrets.asked).toEqual([]);
  });

  it('refuses a secret whose provider lacks a credential', async () => {
    const secrets = holding('payouts-live/kyc-providers', JSON.stringify({ sumsub: { ...SUMSUB, secretKey: '' } }));
    await expect(providerSecret(config, secrets)).rejects.toThrow();
  });
});
