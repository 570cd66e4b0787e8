import { type LocalSecretsManager, startLocalSecretsManager } from '#infra/local/secrets-manager.ts';
import { drawSumsubCredentials, type LocalSumsub, startLocalSumsub } from '#infra/local/sumsub.ts';
import type { ServiceVariable } from '#shared/config/env.ts';

/** The providers' secret's name locally, as the CDK stack names it per stage. */
const LOCAL_SECRET_ID = 'payouts-local/kyc-providers';

export type LocalKycProviders = { sumsub: LocalSumsub; secrets: LocalSecretsManager; stop: () => Promise<void> };

/**
 * The KYC provider's side of `npm start`: the Sumsub stand-in (its API, its hosted page, its signed webhooks to
 * `apiUrl`) and the Secrets Manager stand-in holding its credentials, drawn at each start, under the credentials the
 * functions' AWS clients already carry. Sets the variables the functions read.
 */
export async function startLocalKycProviders(input: { serverUrl: string; region: string }): Promise<LocalKycProviders> {
  const credentials = drawSumsubCredentials();
  const sumsub = await startLocalSumsub({
    credentials,
    webhookUrl: () => `${input.serverUrl}/api/v2/kyc-providers/sumsub/webhook`,
  });
  const secrets = await startLocalSecretsManager({
    credentials: {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
    },
    region: input.region,
    secrets: { [LOCAL_SECRET_ID]: JSON.stringify({ sumsub: credentials }) },
  });
  Object.assign(process.env, {
    SUMSUB_BASE_URL: sumsub.baseUrl,
    KYC_PROVIDER_SECRET_ID: LOCAL_SECRET_ID,
    SECRETS_MANAGER_ENDPOINT: secrets.endpoint,
  } satisfies Partial<Record<ServiceVariable, string>>);
  return {
    sumsub,
    secrets,
    stop: async () => {
      await sumsub.stop();
      await secrets.stop();
    },
  };
}
