import type { Deps } from '#shared/deps.ts';
import { ConflictError } from '#shared/errors.ts';
import { sandboxBooking, sandboxInbox } from '#shared/payouts/answer-payment-files.ts';
import { processInboxReport, type ReportOutcome } from '#shared/payouts/apply-bank-report.ts';
import { fileWithdrawalNow } from '#shared/payouts/batch-payouts.ts';
import { getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import type { PaymentFileRecord } from '#shared/payouts/records.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import { writeCamt054 } from '#shared/rails/bank/report-writer.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';
import { assertTransition } from '#shared/transactions/lifecycle.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { locate, type SandboxTransaction, TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';

/**
 * Sandbox: the bank books the payout now, dated as the sandbox bank dates it (`sandboxBooking`: on its file's
 * execution date, on the rail's calendar). The route does what the bank would: a camt.054 with the booked debit
 * goes into the inbox and is applied like any report (COMPLETED, the locked amount leaves, a webhook).
 */
export async function completeTransaction(deps: Deps, input: SandboxTransaction) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  const channel = bankChannel(deps.config);
  const inbox = sandboxInbox(input.organization);
  const current = await sentToTheBank(deps, channel, locator, 'complete');
  const now = deps.clock.now();
  const file = current.paymentFileId ? await getPaymentFile(deps.db, current.paymentFileId) : undefined;
  const name = `sandbox-${current.transactionId}-v${current.version}.camt054.xml`;
  await channel.writeInbox(
    name,
    writeCamt054({
      messageId: `SBX-${current.reference}-BOOKED`,
      createdAt: now.toISOString(),
      account: debitedAccount(file),
      rail: current.settlementRail ?? null,
      entries: [
        {
          endToEndId: current.reference,
          amount: current.targetAmount,
          currency: current.targetCurrency,
          ...(file ? sandboxBooking(file, now) : { bookingDate: now.toISOString() }),
        },
      ],
    }),
    inbox,
  );
  return toTransaction(
    await answerOfSandboxReport(deps, locator, await processInboxReport(deps, channel, name, inbox), 'complete'),
  );
}

/**
 * The payout as the sandbox bank has it: one the batcher has not filed yet is filed now, alone, since a bank books or
 * rejects only what it was sent. Its report then names the payout's own file and account, as a bank's would: one
 * written before a batcher's concurrent claim named none, and was quarantined against the file that claim made.
 */
export async function sentToTheBank(
  deps: Deps,
  channel: BankChannel,
  locator: { organizationId: string; customerId: string; transactionId: string },
  trigger: 'complete' | 'fail',
) {
  const current = await reread(deps, locator);
  assertTransition(current, trigger);
  if (current.paymentFileId) return current;
  await fileWithdrawalNow(deps, channel, current);
  const filed = await reread(deps, locator);
  assertTransition(filed, trigger);
  return filed;
}

/**
 * The account a bank's camt.054 is about: the debtor of the payout's payment file. A payout that could not be filed
 * (no payout account fit for its rail) has none to name, and its report is quarantined: no bank was sent it.
 */
export const debitedAccount = (file: PaymentFileRecord | undefined) =>
  file?.debtorAccount ?? { accountNumber: 'NOTPROVIDED' };

/**
 * The transaction after a sandbox route's own report was processed. A report quarantined as contradicting the state
 * lost a race with another decision (a complete against a fail): the route answers 409 as if it had come second.
 */
export async function answerOfSandboxReport(
  deps: Deps,
  locator: { organizationId: string; customerId: string; transactionId: string },
  outcome: ReportOutcome,
  trigger: 'complete' | 'fail' | 'return',
) {
  const after = await reread(deps, locator);
  if (outcome.outcome === 'quarantined') {
    assertTransition(after, trigger);
    throw new ConflictError(outcome.error);
  }
  return after;
}

export async function reread(
  deps: Deps,
  locator: { organizationId: string; customerId: string; transactionId: string },
) {
  const record = await getTransactionOfCustomer(
    deps.db,
    locator.organizationId,
    locator.customerId,
    locator.transactionId,
  );
  if (!record) throw TRANSACTION_NOT_FOUND.error();
  return record;
}
