import type { LocalSecretsManager } from '#infra/local/secrets-manager.ts';
import { drawSumsubCredentials, type LocalSumsub, startLocalSumsub } from '#infra/local/sumsub.ts';
import type { ServiceVariable } from '#shared/config/env.ts';

/** The providers' secret's name locally, as the CDK stack names it per stage. */
const LOCAL_SECRET_ID = 'payouts-local/kyc-providers';

export type LocalKycProviders = { sumsub: LocalSumsub; secrets: LocalSecretsManager; stop: () => Promise<void> };

/**
 * The KYC provider's side of `npm start`: the Sumsub stand-in (its API, its hosted page, its signed webhooks to
 * `apiUrl`) and its credentials, drawn at each start, written to the Secrets Manager stand-in. Sets the variables the
 * functions read.
 */
export async function startLocalKycProviders(input: {
  serverUrl: string;
  secrets: LocalSecretsManager;
}): Promise<LocalKycProviders> {
  const credentials = drawSumsubCredentials();
  const sumsub = await startLocalSumsub({
    credentials,
    webhookUrl: () => `${input.serverUrl}/api/v2/kyc-providers/sumsub/webhook`,
  });
  input.secrets.put(LOCAL_SECRET_ID, JSON.stringify({ sumsub: credentials }));
  Object.assign(process.env, {
    SUMSUB_BASE_URL: sumsub.baseUrl,
    KYC_PROVIDER_SECRET_ID: LOCAL_SECRET_ID,
  } satisfies Partial<Record<ServiceVariable, string>>);
  return { sumsub, secrets: input.secrets, stop: () => sumsub.stop() };
}
