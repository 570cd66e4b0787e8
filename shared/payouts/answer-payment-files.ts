import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { advancePaymentFile, queryDuePaymentFiles } from '#shared/payouts/payment-file-repository.ts';
import { paymentFileName } from '#shared/payouts/payout-rail.ts';
import type { PaymentFileRecord } from '#shared/payouts/records.ts';
import type { BankChannel, ChannelScope } from '#shared/rails/bank/channel.ts';
import { domesticBankRail, RAILS, railNamed } from '#shared/rails/bank/rails.ts';
import { writeCamt054, writePain002 } from '#shared/rails/bank/report-writer.ts';
import { bookingOf } from '#shared/rails/bank/settlement.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';

/** The sandbox bank answers into the organization's sandbox inbox, whose reports touch only its sandbox payouts. */
export const sandboxInbox = (of: { organizationId: string }): ChannelScope => ({
  environment: 'sandbox',
  organizationId: of.organizationId,
});

/**
 * When the sandbox bank books the debits of `file`, answering it at `at`: on the date its rail books them
 * (`debitBookedOn`: the execution date the file requests, an ACH batch's effective entry date), never before that
 * date and on a business day of the rail (`bookingOf`). The sandbox answers within `SANDBOX_SETTLE_AFTER_S` whatever
 * the day, as if that date had come: a payout filed on a Sunday for Monday is answered on Sunday, booked and
 * value-dated Monday, and completes with Monday's booking time. A file from before its dates were stored books on
 * the day `at` is.
 */
export function sandboxBooking(file: PaymentFileRecord, at: Date): { bookingDate: string; valueDate: string } {
  const rail = railNamed(file.rail ?? domesticBankRail(file.currency));
  const booking = bookingOf(rail.settlement, file[rail.debitBookedOn] ?? at.toISOString().slice(0, 10), at);
  return { bookingDate: booking.at.toISOString(), valueDate: booking.date };
}

/**
 * The sandbox bank simulator: a sandbox payment file whose `answerDueAt` (its payouts' `SANDBOX_SETTLE_AFTER_S`)
 * has passed is answered like a bank would, with a pain.002 accepting it and a camt.054 booking the debit of each
 * payment still PROCESSING on its rail's calendar (`sandboxBooking`), written to the inbox; `processInbox` applies
 * them like any bank's reports. A rail whose bank sends no pain.002 (ACH: a NACHA file is answered by the account
 * statement alone) gets only the camt.054, as the bank's statement of the debits. Report names are derived from the
 * file, so answering again after a crash writes the same reports (applied once).
 * With `SANDBOX_SETTLE_AFTER_S=off` files get no answer time and the simulator stays silent.
 */
export async function answerSandboxFile(deps: Deps, channel: BankChannel, file: PaymentFileRecord) {
  const now = deps.clock.now();
  const createdAt = now.toISOString();
  const current = await Promise.all(
    file.payments.map((payment) =>
      getTransactionOfCustomer(deps.db, file.organizationId, payment.customerId, payment.transactionId),
    ),
  );
  const open = file.payments.filter((_, index) => current[index]?.status === 'PROCESSING');
  const reports = file.rail ? RAILS[file.rail].reports : RAILS.SEPA.reports;
  if ((reports as readonly string[]).includes('pain.002')) {
    await channel.writeInbox(
      `${file.messageId}.pain002.xml`,
      writePain002({
        messageId: `${file.messageId.slice(0, 28)}-STATUS`,
        createdAt,
        originalMessageId: file.messageId,
        fileStatus: 'ACCP',
        paymentInfoId: file.paymentInfoId,
        payments: [],
      }),
      sandboxInbox(file),
    );
  }
  if (open.length > 0) {
    const booking = sandboxBooking(file, now);
    await channel.writeInbox(
      `${file.messageId}.camt054.xml`,
      writeCamt054({
        messageId: `${file.messageId.slice(0, 28)}-BOOKED`,
        createdAt,
        account: file.debtorAccount,
        rail: file.rail ?? null,
        entries: open.map((payment) => ({
          endToEndId: payment.reference,
          amount: payment.amount,
          currency: file.currency,
          ...booking,
        })),
      }),
      sandboxInbox(file),
    );
  }
  await advancePaymentFile(deps.db, file, 'ANSWERED');
}

/**
 * The sandbox bank reads the sandbox's outbox only: a file is answered when its bytes are at its place under
 * `sandbox/<organizationId>/outbox/`; a live file, wherever it lies, is never answered.
 */
export async function answerSandboxFiles(deps: Deps, channel: BankChannel, now: Date = deps.clock.now()) {
  const due = await queryDuePaymentFiles(deps.db, 'ANSWER', now, 100);
  let answered = 0;
  for (const file of due) {
    if (file.environment !== 'sandbox') continue;
    const scope = { environment: 'sandbox' as const, organizationId: file.organizationId };
    if ((await channel.readOutbox(scope, paymentFileName(file))) !== file.xml) {
      log.error('sandbox bank: the file is not in the sandbox outbox; not answered', { messageId: file.messageId });
      continue;
    }
    await answerSandboxFile(deps, channel, file);
    answered++;
  }
  return { answered };
}
