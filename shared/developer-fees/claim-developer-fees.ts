import { retryOnConflict, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { CLAIMED, type DeveloperFeeClaim, NOTHING_TO_CLAIM } from '#shared/developer-fees/schemas.ts';
import { BadRequestError } from '#shared/errors.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { newId } from '#shared/ids.ts';
import { claimItems, getOrganizationLedger } from '#shared/ledger/organization-ledger-repository.ts';
import type { DeveloperFeeClaimRecord } from '#shared/ledger/records.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';

const MAX_DECISIONS = 5;

/**
 * Compose's `POST /developer-fees`: moves the unclaimed fees (all, or `amount` of them) to the organization's
 * custodial balance (`GET /balances`) in one transaction with the claim record and `developer_fees.claimed`. The
 * fees item is guarded on holding the amount, so of two racing claims the second finds what the first left.
 */
export async function claimDeveloperFees(
  deps: Deps,
  input: { organizationId: string; amount?: string | undefined },
): Promise<DeveloperFeeClaim> {
  const wanted = input.amount === undefined ? undefined : toMicro(input.amount);
  if (wanted === 0n) throw new BadRequestError('amount: Must be greater than 0');
  return retryOnConflict(async () => {
    for (let decision = 1; decision <= MAX_DECISIONS; decision++) {
      const { fees } = await getOrganizationLedger(deps.db, input.organizationId);
      const amount = wanted ?? fees.unclaimed;
      if (fees.unclaimed <= 0n) throw NOTHING_TO_CLAIM.error();
      if (amount > fees.unclaimed) {
        throw new BadRequestError(`amount: Exceeds the available developer fees (${formatMicro(fees.unclaimed)})`);
      }
      const now = deps.clock.now();
      const claim: DeveloperFeeClaimRecord = {
        claimId: newId(),
        organizationId: input.organizationId,
        amount: formatMicro(amount),
        currency: 'usdc',
        status: 'COMPLETED',
        createdAt: now.toISOString(),
      };
      const event = eventRecord({
        organizationId: input.organizationId,
        type: 'developer_fees.claimed',
        data: { amount: claim.amount, currency: 'usdc', transaction_id: claim.claimId },
        now,
      });
      try {
        await writeGuarded(deps.db, claimItems(deps.db, claim, amount, event));
        return { success: true, transactionId: claim.claimId, amount: claim.amount, message: CLAIMED };
      } catch (error) {
        // Another claim took some of it meanwhile: decide again on what is left.
        if (!(error instanceof WriteConditionFailedError && error.role === 'fees')) throw error;
      }
    }
    throw NOTHING_TO_CLAIM.error();
  });
}
