import { recordNotificationOfChange as recordOnBank } from '#shared/banks/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { findByReference } from '#shared/payouts/payment-file-repository.ts';
import { QuarantineError } from '#shared/payouts/report-facts.ts';
import type { NachaNotificationOfChange } from '#shared/rails/bank/ach/nacha-returns.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';

/**
 * A NACHA notification of change: the payout arrived, but its bank asks that the next ones use corrected details.
 * Recorded on the withdrawal bank the payout went to (found by the entry's identification, the payout's
 * `reference`), with the corrected data and when it arrived; once per original entry. A notification naming a
 * payout the service never sent is a `QuarantineError`.
 */
export async function recordNotificationOfChange(deps: Deps, change: NachaNotificationOfChange) {
  const locator = await findByReference(deps.db, change.identification);
  const payout =
    locator &&
    (await getTransactionOfCustomer(deps.db, locator.organizationId, locator.customerId, locator.transactionId));
  const bankId = payout?.withdrawalBank?.id;
  if (!locator || !bankId) throw new QuarantineError(`Unknown payment ${change.identification}`);
  return recordOnBank(
    deps.db,
    { organizationId: locator.organizationId, customerId: locator.customerId, bankId },
    {
      code: change.code,
      meaning: change.meaning,
      correctedData: change.correctedData,
      originalTraceNumber: change.originalTraceNumber,
      receivedAt: deps.clock.now().toISOString(),
    },
  );
}
