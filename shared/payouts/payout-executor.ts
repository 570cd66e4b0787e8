import type { Db } from '#shared/db/client.ts';
import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { consumeFault } from '#shared/organizations/sandbox-settings.ts';
import { addSeconds } from '#shared/transactions/new-transaction.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { returnToSigning } from '#shared/transactions/transitions.ts';

/**
 * Who pays a withdrawal out, as a port: the sandbox stands in; a payout provider plugs in here for live
 * organizations. Where rates come from is the other port, `rates.ts`.
 */

export type ExecutionStart = { started: true } | { started: false; reason: string };

/** Takes over a withdrawal once it is PROCESSING with its reservations made. */
export type PayoutExecutor = { start: (withdrawal: TransactionRecord) => Promise<ExecutionStart> };

export const SANDBOX_FAULT_REASON = 'Sandbox fault: the payout failed to start';

/**
 * Sandbox: every execution starts, except while faults are armed (`POST /sandbox/faults`): each armed fault
 * fails exactly one execution at start. `armedFaults`, when the caller already read it, spares the database
 * call in the usual case of none armed.
 */
export function sandboxExecutor(db: Db, organizationId: string, armedFaults?: number): PayoutExecutor {
  return {
    start: async () => {
      if (armedFaults === 0) return { started: true };
      return (await consumeFault(db, organizationId))
        ? { started: false, reason: SANDBOX_FAULT_REASON }
        : { started: true };
    },
  };
}

/**
 * Live: the payout provider's adapter is not part of this service yet. The withdrawal stays PROCESSING until
 * the provider reports its outcome (the operator's settlement path).
 */
export const providerExecutor: PayoutExecutor = { start: async () => ({ started: true }) };

export function executorFor(db: Db, organization: Organization, armedFaults?: number): PayoutExecutor {
  return organization.environment === 'sandbox'
    ? sandboxExecutor(db, organization.organizationId, armedFaults)
    : providerExecutor;
}

/** When a sandbox payout that starts now settles by itself (null: never, or not a sandbox organization). */
export function settleDueAt(deps: Deps, organization: Organization, now: Date): string | null {
  const after = deps.config.withdrawals.sandboxSettleAfterSeconds;
  return organization.environment === 'sandbox' && after !== null ? addSeconds(now, after) : null;
}

/** Hands a PROCESSING withdrawal to the executor; a failure at start returns it to signing. */
export async function execute(
  deps: Deps,
  organization: Organization,
  record: TransactionRecord,
  armedFaults?: number,
): Promise<TransactionRecord> {
  const outcome = await executorFor(deps.db, organization, armedFaults).start(record);
  if (outcome.started) return record;
  log.warn('payout failed to start', { transactionId: record.transactionId, reason: outcome.reason });
  return returnToSigning(deps, record);
}
