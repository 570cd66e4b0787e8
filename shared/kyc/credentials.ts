import type { Config } from '#shared/config/env.ts';
import type { SumsubCredentials } from '#shared/kyc/sumsub/sumsub-provider.ts';
import type { SecretStore } from '#shared/secrets/port.ts';
import { processSecrets } from '#shared/secrets/secrets-manager.ts';
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

/**
 * The providers' secret (`KYC_PROVIDER_SECRET_ID`) through the secrets port (its cache takes up a rotation within
 * minutes); undefined when none is configured.
 */
export async function providerSecret(
  config: Pick<Config, 'region' | 'secrets' | 'kycProviders'>,
  secrets: SecretStore = processSecrets(config),
): Promise<ProviderSecret | undefined> {
  const { secretId } = config.kycProviders;
  if (!secretId) return undefined;
  return z.parse(ProviderSecretSchema, JSON.parse(await secrets.read(secretId)));
}
