import type { HostedFlow } from '#shared/customers/initiate-kyc.ts';
import { KYC_PROVIDER_UNAVAILABLE } from '#shared/customers/kyc-rules.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import type { Deps } from '#shared/deps.ts';
import { HttpError } from '#shared/errors.ts';
import type { KycProvider } from '#shared/kyc/port.ts';
import { kycProvider, levelOf } from '#shared/kyc/providers.ts';
import { findApplicantOfCustomer, linkApplicant } from '#shared/kyc/repository.ts';
import { log } from '#shared/log.ts';
import type { KycProviderName } from '#shared/organizations/kyc-providers.ts';
import type { Organization } from '#shared/organizations/records.ts';

/**
 * The hosted flow `POST /customers/{id}/kyc` sends a customer to (`initiateKyc`): a live organization with a KYC
 * provider gets the provider's (an applicant created once per customer and linked to it, KYB for corporates);
 * every other organization none, so the sandbox flow stays.
 */
export async function hostedFlowFor(
  deps: Deps,
  organization: Pick<Organization, 'environment' | 'kycProvider'>,
): Promise<HostedFlow | undefined> {
  const name = organization.environment === 'live' ? organization.kycProvider : null;
  if (!name) return undefined;
  const provider = await kycProvider(deps, name);
  return async (customer) => {
    try {
      return await providerFlow(deps, provider, name, customer);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // The provider's outage or refusal is ours to log; the caller gets a 503 to retry, and nothing changed.
      log.error('the KYC provider did not start the flow', { provider: name, error });
      throw KYC_PROVIDER_UNAVAILABLE.error();
    }
  };
}

async function providerFlow(deps: Deps, provider: KycProvider, name: KycProviderName, customer: CustomerRecord) {
  const level = levelOf(deps, customer);
  // The customer id is globally unique: the provider's externalUserId, and so its one applicant.
  const externalUserId = customer.customerId;
  const linked = await findApplicantOfCustomer(deps.db, customer.organizationId, customer.customerId, name);
  if (!linked) {
    const applicantId = await provider.ensureApplicant({
      externalUserId,
      accountType: customer.accountType,
      level,
      email: customer.email,
    });
    await linkApplicant(deps.db, {
      provider: name,
      applicantId,
      organizationId: customer.organizationId,
      customerId: customer.customerId,
      createdAt: deps.clock.now().toISOString(),
    });
  }
  return provider.flowLink({ externalUserId, level });
}
