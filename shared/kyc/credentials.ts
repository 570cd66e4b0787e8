import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Config } from '#shared/config/env.ts';
import type { SumsubCredentials } from '#shared/kyc/sumsub/sumsub-provider.ts';
import * as z from '#shared/validation/zod.ts';

/** The providers' credentials as the secret holds them; a provider absent from it cannot be used. */
const ProviderSecretSchema = z.object({
  sumsub: z.optional(
    z.object({
      appToken: z.string().check(z.minLength(1)),
      secretKey: z.string().check(z.minLength(1)),
      webhookSecret: z.string().check(z.minLength(1)),
    }),
  ),
});
export type ProviderSecret = z.infer<typeof ProviderSecretSchema> & { sumsub?: SumsubCredentials };

/** Read again after this long, so a rotated secret is in force within minutes without a deployment. */
const CACHE_MS = 5 * 60_000;
let cached: { secret: ProviderSecret; until: number; id: string } | undefined;
let client: SecretsManagerClient | undefined;

/** The providers' secret (`KYC_PROVIDER_SECRET_ID`), cached per instance; undefined when none is configured. */
export async function providerSecret(config: Config): Promise<ProviderSecret | undefined> {
  const { secretId, secretsEndpoint } = config.kycProviders;
  if (!secretId) return undefined;
  if (cached && cached.id === secretId && cached.until > Date.now()) return cached.secret;
  client ??= new SecretsManagerClient({
    region: config.region,
    ...(secretsEndpoint ? { endpoint: secretsEndpoint } : {}),
  });
  const answer = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  const secret = z.parse(ProviderSecretSchema, JSON.parse(answer.SecretString ?? '{}'));
  cached = { secret, until: Date.now() + CACHE_MS, id: secretId };
  return secret;
}
