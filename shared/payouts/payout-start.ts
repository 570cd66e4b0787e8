import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { consumeFault } from '#shared/organizations/sandbox-settings.ts';
import { addSeconds } from '#shared/transactions/new-transaction.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { returnToSigning } from '#shared/transactions/transitions.ts';

/**
 * How a payout leaves, for every organization: once PROCESSING, only through the bank channel. Its BATCH timer hands
 * it to the batcher, which files it in its rail's payment file in the organization's outbox (`sandbox/` or `live/`
 * prefix, shared/rails/bank/README.md); the sandbox bank or the mover takes it from there. Nothing else starts a
 * payout, so there is no second seam to keep in step with the first.
 */

export const SANDBOX_FAULT_REASON = 'Sandbox fault: the payout failed to start';

/**
 * A payout that just became PROCESSING. Sandbox only: while faults are armed (`POST /sandbox/faults`) each fails
 * exactly one payout at start, which goes back to signing with its reservations released. `armedFaults`, when the
 * caller already read it, spares the database call in the usual case of none armed.
 */
export async function startPayout(
  deps: Deps,
  organization: Organization,
  record: TransactionRecord,
  armedFaults?: number,
): Promise<TransactionRecord> {
  if (organization.environment !== 'sandbox' || armedFaults === 0) return record;
  if (!(await consumeFault(deps.db, organization.organizationId))) return record;
  log.warn('payout failed to start', { transactionId: record.transactionId, reason: SANDBOX_FAULT_REASON });
  return returnToSigning(deps, record);
}

/** When a sandbox payout that starts now settles by itself (null: never, or not a sandbox organization). */
export function settleDueAt(deps: Deps, organization: Organization, now: Date): string | null {
  const after = deps.config.withdrawals.sandboxSettleAfterSeconds;
  return organization.environment === 'sandbox' && after !== null ? addSeconds(now, after) : null;
}
