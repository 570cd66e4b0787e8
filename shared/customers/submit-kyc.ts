import { IN_REVIEW, KYC_REJECTED_FOR_GOOD, KYC_STATUS_CHANGED, NOT_INITIATED } from '#shared/customers/kyc-rules.ts';
import { KYC_TRANSITIONS } from '#shared/customers/records.ts';
import { CustomerStateChangedError, submitKycForReview } from '#shared/customers/repository.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { type Alongside, retryOnConflict } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { ConflictError } from '#shared/errors.ts';
import { eventRecord } from '#shared/events/outbox.ts';

/** Compose's limit on submissions of one customer's KYC. */
export const MAX_KYC_ATTEMPTS = 4;

export const KYC_COMPLETED = 'Verification review is already completed for this customer';
export const KYC_ATTEMPTS_EXHAUSTED = `Maximum number of KYC submission attempts (${MAX_KYC_ATTEMPTS}) reached`;

export const KYC_SUBMITTED = 'KYC verification submitted for review successfully.';

/**
 * Compose's manual submission (`POST /customers/{customerId}/kyc/submit`), the fallback when the hosted flow did
 * not submit by itself: only after `POST .../kyc` (or after a rejection, to try again), never while a review is
 * under way or after approval, and at most 4 times. Moves the customer to `PENDING` in review and sends
 * `customer.kyc.submitted` with the attempt number.
 */
export function submitKyc(
  deps: Deps,
  input: { organizationId: string; customerId: string; alongside?: Alongside },
): Promise<{ success: true; message: string }> {
  // A submission that loses to a concurrent transaction on the customer decides again on a fresh read: the
  // winner's review is then under way, and the loser answers 409 as any later submission would.
  return retryOnConflict(() => decideAndSubmit(deps, input));
}

async function decideAndSubmit(
  deps: Deps,
  input: { organizationId: string; customerId: string; alongside?: Alongside },
): Promise<{ success: true; message: string }> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.kycStatus === 'NOT_STARTED') throw NOT_INITIATED.error();
  if (customer.kycRejection?.final) throw KYC_REJECTED_FOR_GOOD.error();
  if (customer.kycStatus === 'APPROVED') throw new ConflictError(KYC_COMPLETED);
  if (customer.kycInReview) throw IN_REVIEW.error();
  if (customer.kycAttempts >= MAX_KYC_ATTEMPTS) throw new ConflictError(KYC_ATTEMPTS_EXHAUSTED);
  const now = deps.clock.now();
  const attempt = customer.kycAttempts + 1;
  try {
    await submitKycForReview(deps.db, {
      customer,
      attempt,
      now,
      event: eventRecord({
        organizationId: input.organizationId,
        type: KYC_TRANSITIONS.submit.event,
        data: { customer_id: customer.customerId, attempt },
        now,
      }),
      alongside: input.alongside?.(customer.customerId) ?? [],
    });
  } catch (error) {
    if (!(error instanceof CustomerStateChangedError)) throw error;
    throw KYC_STATUS_CHANGED.error();
  }
  return { success: true, message: KYC_SUBMITTED };
}
