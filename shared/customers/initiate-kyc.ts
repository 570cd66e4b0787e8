import { refuseAfterFinalRejection } from '#shared/customers/kyc-final.ts';
import { KYC_FOR_INDIVIDUALS_ONLY, KYC_STATUS_CHANGED } from '#shared/customers/kyc-rules.ts';
import { KYC_TRANSITIONS } from '#shared/customers/records.ts';
import { CustomerStateChangedError, changeKycStatus } from '#shared/customers/repository.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { randomBase62 } from '#shared/ids.ts';

/**
 * Starts (or restarts, after a rejection) KYC at the provider and returns the hosted flow link. An already
 * verified customer needs no link.
 */
export async function initiateKyc(
  deps: Deps,
  input: { organizationId: string; customerId: string },
): Promise<{ kycVerified: boolean; kycFlowLink: string | null }> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.accountType === 'corporate') {
    throw KYC_FOR_INDIVIDUALS_ONLY.error();
  }
  if (customer.kycStatus === 'APPROVED') return { kycVerified: true, kycFlowLink: null };
  await refuseAfterFinalRejection(deps.db, input.organizationId, input.customerId);
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
  const session = randomBase62(24);
  const link = `${deps.config.kycFlowBaseUrl}/${customer.customerId}?session=${session}`;
  return { kycVerified: false, kycFlowLink: link };
}
