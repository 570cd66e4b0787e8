import { KYC_PROVIDER_UNAVAILABLE } from '#shared/customers/kyc-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { providerSecret } from '#shared/kyc/credentials.ts';
import type { KycProvider } from '#shared/kyc/port.ts';
import { sumsubProvider } from '#shared/kyc/sumsub/sumsub-provider.ts';
import type { KycProviderName } from '#shared/organizations/kyc-providers.ts';

/** Each provider's adapter, built from the deployment's settings and its credentials; looked up by name. */
const ADAPTERS = {
  sumsub: async (deps: Deps) => {
    const credentials = (await providerSecret(deps.config))?.sumsub;
    if (!credentials) return undefined;
    return sumsubProvider({
      baseUrl: deps.config.kycProviders.sumsubBaseUrl,
      credentials,
      nowSeconds: () => Math.floor(deps.clock.now().getTime() / 1000),
    });
  },
} satisfies Record<KycProviderName, (deps: Deps) => Promise<KycProvider | undefined>>;

/** The named provider's adapter; undefined when the deployment holds no credentials for it. */
export const configuredKycProvider = (deps: Deps, name: KycProviderName): Promise<KycProvider | undefined> =>
  ADAPTERS[name](deps);

/** The named provider's adapter; 503 when the deployment holds no credentials for it. */
export async function kycProvider(deps: Deps, name: KycProviderName): Promise<KycProvider> {
  const adapter = await configuredKycProvider(deps, name);
  if (!adapter) throw KYC_PROVIDER_UNAVAILABLE.error();
  return adapter;
}

/** The level a customer is verified at: a corporate's is the deployment's KYB level, an individual's its own. */
export const levelOf = (deps: Deps, customer: { accountType: string; kycLevel: string }) =>
  customer.accountType === 'corporate' ? deps.config.kycProviders.kybLevel : customer.kycLevel;
