import { applyKycVerdict } from '#shared/customers/apply-kyc-verdict.ts';
import type { Customer } from '#shared/customers/schemas.ts';
import type { Deps } from '#shared/deps.ts';

/** Sandbox: stands in for the KYC provider's rejection; the customer may try again (not final). */
export function rejectKyc(deps: Deps, input: { organizationId: string; customerId: string }): Promise<Customer> {
  return applyKycVerdict(deps, { ...input, verdict: { answer: 'REJECTED', final: false, reason: null } });
}
