import type { Config } from '#shared/config/env.ts';
import { httpPayeeVerifier } from '#shared/rails/payee-verification/http-verifier.ts';
import type { PayeeVerifier } from '#shared/rails/payee-verification/port.ts';
import { sandboxPayeeVerifier } from '#shared/rails/payee-verification/sandbox-verifier.ts';
import { defaultSecretReader, type SecretReader } from '#shared/rails/payee-verification/secrets.ts';

export const NO_PROVIDER_REASON = 'No Verification of Payee provider is configured for live organizations';

/** A live organization without a provider: the check was not possible, never a MATCH made up by a stand-in. */
export const noProviderVerifier: PayeeVerifier = {
  verify: async () => ({ result: 'NOT_POSSIBLE', matchedName: null, reason: NO_PROVIDER_REASON, source: 'none' }),
};

/** Sandbox organizations get the stand-in; live ones the configured provider, else NOT_POSSIBLE. */
export function payeeVerifierFor(
  config: Pick<Config, 'payeeVerification'>,
  environment: 'sandbox' | 'live',
  readSecret?: SecretReader,
): PayeeVerifier {
  if (environment === 'sandbox') return sandboxPayeeVerifier;
  const { url, apiKeySecret } = config.payeeVerification;
  if (!url || !apiKeySecret) return noProviderVerifier;
  return httpPayeeVerifier({ url, apiKey: () => (readSecret ?? defaultSecretReader())(apiKeySecret) });
}
