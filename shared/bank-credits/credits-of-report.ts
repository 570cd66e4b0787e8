import { sha256Hex } from '#shared/ids.ts';
import {
  bookingTime,
  type DebitCreditNotification,
  MalformedReportError,
  type ReceivedTransfer,
  type ReportAccount,
} from '#shared/rails/bank/reports.ts';

/**
 * The money paid in that a camt.054 or camt.053 reports, and the reversals of it, each named by its booking: the
 * account and the bank's reference (`AcctSvcrRef`, else `NtryRef`; the transaction's own `AcctSvcrRef`, or its place,
 * when an entry batches several). Pure: a report in, credits and reversals out.
 *
 * - Money paid in: a booked (`BOOK`) entry `CdtDbtInd` CRDT, not a reversal (`RvslInd`), each transaction without
 *   return information (a credit with `RtrInf` is a payout of ours coming back: `shared/payouts/`).
 * - A reversal: a booked DBIT with `RvslInd` true reverses the credit of the same account and bank reference.
 * - Anything else (debits of payouts, pending entries) is not ours to read.
 */

export type IncomingCredit = {
  bookingId: string;
  account: ReportAccount;
  bankReference: string;
  amount: string;
  currency: string;
  bookedAt: string;
  transfer: ReceivedTransfer;
};

export type CreditReversal = {
  bookingId: string;
  account: ReportAccount;
  bankReference: string;
  amount: string;
  currency: string | null;
  bookedAt: string;
};

export const accountId = (account: ReportAccount) =>
  'iban' in account ? account.iban.replace(/\s/g, '').toUpperCase() : account.accountNumber.trim();

/** A booking's id: its account and the bank's reference, digested (references may hold any character). */
export const bookingIdOf = (account: ReportAccount, bankReference: string) =>
  sha256Hex(`${accountId(account)}|${bankReference}`).slice(0, 32);

function transferReference(entryReference: string | null, transfer: ReceivedTransfer, index: number, count: number) {
  if (count === 1) return entryReference ?? transfer.bankReference;
  return transfer.bankReference ?? (entryReference ? `${entryReference}/${index + 1}` : null);
}

export function creditsOfReport(report: DebitCreditNotification, now: Date) {
  const credits: IncomingCredit[] = [];
  const reversals: CreditReversal[] = [];
  for (const entry of report.entries) {
    if (entry.status !== 'BOOK') continue;
    const account = entry.account;
    if (entry.creditDebit === 'DBIT') {
      if (!entry.reversal) continue;
      if (!account || !entry.bankReference) {
        throw new MalformedReportError('A reversal names no account or no bank reference (AcctSvcrRef, NtryRef)');
      }
      const bookingId = bookingIdOf(account, entry.bankReference);
      const bookedAt = bookingTime(entry.bookingDate, now);
      const { bankReference, amount, currency } = entry;
      reversals.push({ bookingId, account, bankReference, amount, currency, bookedAt });
      continue;
    }
    if (entry.reversal) continue;
    const transfers = entry.received;
    transfers.forEach((transfer, index) => {
      if (transfer.returned) return;
      const what = `A credit of ${transfer.amount ?? '?'} ${transfer.currency ?? ''}`.trim();
      if (!account) throw new MalformedReportError(`${what} names no account (Acct)`);
      const bankReference = transferReference(entry.bankReference, transfer, index, transfers.length);
      if (!bankReference) {
        throw new MalformedReportError(
          `${what} has no bank reference (AcctSvcrRef, NtryRef): it cannot be applied once`,
        );
      }
      if (transfer.amount === null || transfer.currency === null) {
        throw new MalformedReportError(`Credit ${bankReference} gives no amount and currency of its own (AmtDtls)`);
      }
      credits.push({
        bookingId: bookingIdOf(account, bankReference),
        account,
        bankReference,
        amount: transfer.amount,
        currency: transfer.currency,
        bookedAt: bookingTime(entry.bookingDate, now),
        transfer,
      });
    });
  }
  return { credits, reversals };
}
