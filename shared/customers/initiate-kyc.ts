import { KYC_FOR_INDIVIDUALS_ONLY, KYC_REJECTED_FOR_GOOD, KYC_STATUS_CHANGED } from '#shared/customers/kyc-rules.ts';
import { type CustomerRecord, KYC_TRANSITIONS } from '#shared/customers/records.ts';
import { CustomerStateChangedError, changeKycStatus } from '#shared/customers/repository.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { randomBase62 } from '#shared/ids.ts';

/** The hosted flow of the organization's KYC provider: prepares the customer there and answers the link. */
export type HostedFlow = (customer: CustomerRecord) => Promise<string>;

/**
 * Starts (or restarts, after a rejection that allows it) KYC and returns the hosted flow's link: the provider's
 * (`hostedFlow`: KYB for corporates too), else the sandbox flow's (`KYC_FLOW_BASE_URL`, individuals only). An
 * already verified customer needs no link; one rejected for good gets none.
 */
export async function initiateKyc(
  deps: Deps,
  input: { organizationId: string; customerId: string; hostedFlow?: HostedFlow },
): Promise<{ kycVerified: boolean; kycFlowLink: string | null }> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.accountType === 'corporate' && !input.hostedFlow) {
    throw KYC_FOR_INDIVIDUALS_ONLY.error();
  }
  if (customer.kycStatus === 'APPROVED') return { kycVerified: true, kycFlowLink: null };
  if (customer.kycRejection?.final) throw KYC_REJECTED_FOR_GOOD.error();
  // The provider first: a failure there leaves the customer as it was, and a retry finds the applicant again.
  const link = input.hostedFlow
    ? await input.hostedFlow(customer)
    : `${deps.config.kycFlowBaseUrl}/${customer.customerId}?session=${randomBase62(24)}`;
  try {
    await changeKycStatus(deps.db, {
      customer,
      transition: KYC_TRANSITIONS.initiate,
      now: deps.clock.now(),
    });
  } catch (error) {
    if (!(error instanceof CustomerStateChangedError)) throw error;
    // Approved between our read and our write: the customer is verified, which is what the caller wants.
    const current = await requireCustomer(deps, input.organizationId, input.customerId);
    if (current.kycStatus === 'APPROVED') return { kycVerified: true, kycFlowLink: null };
    throw KYC_STATUS_CHANGED.error();
  }
  return { kycVerified: false, kycFlowLink: link };
}
