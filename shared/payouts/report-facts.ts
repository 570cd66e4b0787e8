import { Decimal } from 'decimal.js';
import { isPrenoteReference } from '#shared/banks/prenote-repository.ts';
import type { Deps } from '#shared/deps.ts';
import { findByReference, getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import type { PaymentFileRecord } from '#shared/payouts/records.ts';
import type { InboxReport } from '#shared/rails/bank/inbox-report.ts';
import type { NachaNotificationOfChange, NachaReturnFile } from '#shared/rails/bank/nacha-returns.ts';
import {
  type BankReport,
  MalformedReportError,
  type PaymentTerms,
  type Reason,
  type ReportAccount,
} from '#shared/rails/bank/reports.ts';
import { returnFailureReason } from '#shared/rails/bank/return-reasons.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import type { TransactionLocator } from '#shared/transactions/transitions.ts';

/**
 * What a bank report says happened, fact by fact, each reconciled against the payout it names before anything is
 * applied: the amount to the cent, the currency, the debited account (the debtor of the payout's payment file) and
 * the file a status names. A fact that does not match is a contradiction: the whole report is quarantined.
 */

/** A report that cannot be applied as it stands: quarantined whole, nothing of it applied. */
export class QuarantineError extends Error {}

/**
 * Where a fact came from, for the payment file it must belong to: a status names its file and block, a notification
 * its debited account, a NACHA return the ACH entry it answers (the receiving account and bank as the entry had them).
 */
type Origin =
  | { originalMessageId: string; paymentInfoId: string | null }
  | { account: ReportAccount | null }
  | { achEntry: AchEntry };

type AchEntry = { accountNumber: string; receivingBank: string };

export type Fact =
  | { kind: 'fail'; reference: string; reason: string; terms: PaymentTerms | null; origin: Origin }
  | { kind: 'complete'; reference: string; completedAt: string; terms: PaymentTerms; origin: Origin }
  | { kind: 'return'; reference: string; reason: string; terms: PaymentTerms; origin: Origin };

/** The outcome each kind of fact leads to, and what it is called in a quarantine note. */
export const FACT_OUTCOME = {
  complete: { status: 'COMPLETED', from: 'PROCESSING', said: 'booked' },
  fail: { status: 'FAILED', from: 'PROCESSING', said: 'rejected' },
  return: { status: 'FAILED', from: 'COMPLETED', said: 'returned' },
} as const;

/** The file a payout was put in, as its id in reports: a payout in none was never sent (only the sandbox reports it). */
const NO_FILE = 'NOTPROVIDED';

/** `NARR` (narrative) carries the whole reason in its text; other codes are kept with their text. */
function rejectionReason(reason: Reason | null): string {
  if (!reason) return 'Rejected by the bank';
  if (reason.code === 'NARR' && reason.text) return reason.text;
  return [reason.code ?? 'Rejected by the bank', reason.text].filter(Boolean).join(': ');
}

/** `2026-11-22` -> midnight UTC of that day; a date-time as the bank wrote it. */
function bookingTime(date: string | null, fallback: Date): string {
  if (!date) return fallback.toISOString();
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00.000Z` : date);
  if (Number.isNaN(parsed.getTime())) throw new MalformedReportError(`Booking date ${date} is not a date`);
  return parsed.toISOString();
}

function notificationFacts(report: Extract<BankReport, { kind: 'camt.054' }>, now: Date): Fact[] {
  return report.entries.flatMap((entry) => {
    if (entry.status !== 'BOOK') return [];
    const origin = { account: entry.account };
    return entry.transactions.flatMap((transaction): Fact[] => {
      const terms = { amount: transaction.amount, currency: transaction.currency, debtorAccount: entry.account };
      // A payment we sent is booked as a debit; it comes back as a credit carrying the return's reason.
      if (entry.creditDebit === 'DBIT') {
        const completedAt = bookingTime(entry.bookingDate, now);
        return [{ kind: 'complete', reference: transaction.endToEndId, completedAt, terms, origin }];
      }
      if (!transaction.returnReason) return [];
      const { code, text } = transaction.returnReason;
      const reason = returnFailureReason(code ?? 'NARR', text);
      return [{ kind: 'return', reference: transaction.endToEndId, reason, terms, origin }];
    });
  });
}

async function statusFacts(deps: Deps, report: Extract<BankReport, { kind: 'pain.002' }>): Promise<Fact[]> {
  const facts: Fact[] = report.payments
    .filter((payment) => payment.status === 'RJCT')
    .map((payment) => ({
      kind: 'fail',
      reference: payment.endToEndId,
      reason: rejectionReason(payment.reason),
      terms: payment.original,
      origin: { originalMessageId: report.originalMessageId, paymentInfoId: payment.paymentInfoId },
    }));
  const rejectedBlocks = report.paymentInfos.filter((info) => info.status === 'RJCT');
  if (report.fileStatus !== 'RJCT' && rejectedBlocks.length === 0) return facts;
  const file = await getPaymentFile(deps.db, report.originalMessageId);
  if (!file) throw new QuarantineError(`Unknown payment file ${report.originalMessageId}`);
  // A status names its file and block: a rejected block of another file is not this file's to fail.
  const foreign = rejectedBlocks.find((block) => block.paymentInfoId !== file.paymentInfoId);
  if (foreign) {
    throw new QuarantineError(
      `Payment information ${foreign.paymentInfoId} is not a block of file ${file.messageId} (${file.paymentInfoId})`,
    );
  }
  const reason =
    report.fileStatus === 'RJCT' ? report.fileReason : (rejectedBlocks.find((b) => b.reason)?.reason ?? null);
  const origin = { originalMessageId: file.messageId, paymentInfoId: file.paymentInfoId };
  for (const payment of file.payments) {
    facts.push({ kind: 'fail', reference: payment.reference, reason: rejectionReason(reason), terms: null, origin });
  }
  return facts;
}

/** A NACHA return entry (addenda 99) names its payout by the entry's identification, the payout's `reference`. */
function achReturnFacts(report: NachaReturnFile): Fact[] {
  return report.entries.flatMap((entry): Fact[] =>
    entry.kind === 'return' && !isPrenoteReference(entry.identification)
      ? [
          {
            kind: 'return',
            reference: entry.identification,
            reason: returnFailureReason(entry.code),
            terms: { amount: entry.amount, currency: 'USD', debtorAccount: null },
            origin: { achEntry: { accountNumber: entry.accountNumber, receivingBank: entry.originalReceivingBank } },
          },
        ]
      : [],
  );
}

export async function factsOf(deps: Deps, report: InboxReport, now: Date): Promise<Fact[]> {
  if (report.kind === 'nacha-returns') return achReturnFacts(report);
  return report.kind === 'camt.054' ? notificationFacts(report, now) : statusFacts(deps, report);
}

/** The returns of prenotes in a NACHA file (their entries name a `PN-` reference; shared/banks/README.md). */
export const prenoteReturnsOf = (report: InboxReport) =>
  report.kind === 'nacha-returns'
    ? report.entries.flatMap((entry) =>
        entry.kind === 'return' && isPrenoteReference(entry.identification)
          ? [{ reference: entry.identification.trim(), returnCode: entry.code }]
          : [],
      )
    : [];

/** The notifications of change of a NACHA file (addenda 98); none in any other report. */
export const changesOf = (report: InboxReport): NachaNotificationOfChange[] =>
  report.kind === 'nacha-returns'
    ? report.entries.filter((entry): entry is NachaNotificationOfChange => entry.kind === 'notificationOfChange')
    : [];

/** An ACH entry answers the payout only if it went to the payout's account at the payout's bank, by ACH. */
function achEntryContradiction(reference: string, entry: AchEntry, payout: TransactionRecord, rail?: string) {
  if (rail !== undefined && rail !== 'ACH') return `${reference} was sent by ${rail}, not ACH`;
  const bank = payout.withdrawalBank;
  const account = bank?.accountNumber?.toUpperCase() ?? '';
  if (entry.accountNumber.toUpperCase() !== account) {
    return `${reference} was paid to account ${account || 'none'}; the ACH entry names ${entry.accountNumber}`;
  }
  const receivingBank = bank?.routingNumber?.slice(0, 8) ?? '';
  if (entry.receivingBank !== receivingBank) {
    return `${reference} was paid to bank ${receivingBank || 'none'}; the ACH entry names ${entry.receivingBank}`;
  }
  return undefined;
}

const sameAccount = (a: ReportAccount, b: ReportAccount) =>
  'iban' in a && 'iban' in b
    ? a.iban.replace(/\s/g, '').toUpperCase() === b.iban.replace(/\s/g, '').toUpperCase()
    : 'accountNumber' in a && 'accountNumber' in b && a.accountNumber === b.accountNumber;

const shown = (account: ReportAccount) => ('iban' in account ? account.iban : account.accountNumber);

/**
 * The contradictions between a fact and the payout it names (the payout as stored, and its payment file): the
 * amount to the cent, the currency, the debited account, and the file a status was given for.
 */
export function contradiction(fact: Fact, payout: TransactionRecord, file: PaymentFileRecord | undefined) {
  const { reference, terms, origin } = fact;
  const fileId = payout.paymentFileId ?? NO_FILE;
  if ('originalMessageId' in origin) {
    if (origin.originalMessageId !== fileId) {
      return `${reference} is in payment file ${fileId}, not ${origin.originalMessageId}`;
    }
    if (file && origin.paymentInfoId !== null && origin.paymentInfoId !== file.paymentInfoId) {
      return `${reference} is in payment information ${file.paymentInfoId}, not ${origin.paymentInfoId}`;
    }
  }
  if ('achEntry' in origin) {
    const mismatch = achEntryContradiction(
      reference,
      origin.achEntry,
      payout,
      file ? (file.rail ?? 'FEDWIRE') : undefined,
    );
    if (mismatch) return mismatch;
  }
  if (!terms) return undefined;
  if (fact.kind !== 'fail' && terms.amount === null) return `${reference}: the report gives no amount of its own`;
  if (terms.amount !== null && !new Decimal(terms.amount).equals(new Decimal(payout.targetAmount))) {
    return `${reference} is ${payout.targetAmount} ${payout.targetCurrency}; the report says ${terms.amount}`;
  }
  if (terms.currency !== null && terms.currency !== payout.targetCurrency) {
    return `${reference} is paid in ${payout.targetCurrency}; the report says ${terms.currency}`;
  }
  if (fact.kind !== 'fail' && terms.currency === null) return `${reference}: the report gives no currency`;
  if (file && terms.debtorAccount && !sameAccount(terms.debtorAccount, file.debtorAccount)) {
    return `${reference} is paid from ${shown(file.debtorAccount)}; the report names ${shown(terms.debtorAccount)}`;
  }
  if (file && fact.kind !== 'fail' && !terms.debtorAccount && !('achEntry' in origin))
    return `${reference}: the report names no account`;
  return undefined;
}

export type Step = { fact: Fact; locator: TransactionLocator; action: 'apply' | 'skip' };

/** What a fact needs of the withdrawal: the status it leaves applies it, its own outcome already applied skips it. */
function decide(fact: Fact, current: TransactionRecord): 'apply' | 'skip' {
  const outcome = FACT_OUTCOME[fact.kind];
  if (current.type !== 'WITHDRAWAL') throw new QuarantineError(`${fact.reference} is not a withdrawal`);
  if (current.status === outcome.from) return 'apply';
  // A booking delivered again after the payout was returned: it was booked, then returned; nothing to do.
  if (fact.kind === 'complete' && current.status === 'FAILED' && current.returnedAt) return 'skip';
  // A return is done once it is recorded as one; a rejection once FAILED at all.
  const done = fact.kind === 'return' ? Boolean(current.returnedAt) : current.status === outcome.status;
  if (current.status === outcome.status && done) return 'skip';
  throw new QuarantineError(`${fact.reference} was ${outcome.said} by the bank but is ${current.status}`);
}

/** Every fact checked against its payout before any is applied; throws `QuarantineError` on the first doubt. */
export async function plan(deps: Deps, facts: Fact[]): Promise<Step[]> {
  const seen = new Map<string, Fact>();
  for (const fact of facts) {
    const earlier = seen.get(fact.reference);
    if (earlier && earlier.kind !== fact.kind) {
      const [a, b] = [FACT_OUTCOME[earlier.kind].said, FACT_OUTCOME[fact.kind].said];
      throw new QuarantineError(`${fact.reference} is both ${a} and ${b} in one report`);
    }
    seen.set(fact.reference, fact);
  }
  const files = new Map<string, PaymentFileRecord | undefined>();
  const steps: Step[] = [];
  for (const fact of seen.values()) {
    const locator = await findByReference(deps.db, fact.reference);
    if (!locator) throw new QuarantineError(`Unknown payment ${fact.reference}`);
    const current = await getTransactionOfCustomer(
      deps.db,
      locator.organizationId,
      locator.customerId,
      locator.transactionId,
    );
    if (!current) throw new QuarantineError(`Unknown payment ${fact.reference}`);
    const fileId = current.paymentFileId;
    if (fileId && !files.has(fileId)) files.set(fileId, await getPaymentFile(deps.db, fileId));
    const mismatch = contradiction(fact, current, fileId ? files.get(fileId) : undefined);
    if (mismatch) throw new QuarantineError(`Contradiction: ${mismatch}`);
    steps.push({ fact, locator, action: decide(fact, current) });
  }
  return steps;
}

/**
 * Every notification of change checked before anything of its file is applied: it names a payout the service sent
 * by ACH, to the account and bank the entry names; else `QuarantineError`.
 */
export async function planChanges(deps: Deps, changes: NachaNotificationOfChange[]) {
  for (const change of changes) {
    const reference = change.identification;
    const locator = await findByReference(deps.db, reference);
    const payout =
      locator &&
      (await getTransactionOfCustomer(deps.db, locator.organizationId, locator.customerId, locator.transactionId));
    if (!payout) throw new QuarantineError(`Unknown payment ${reference}`);
    const file = payout.paymentFileId ? await getPaymentFile(deps.db, payout.paymentFileId) : undefined;
    const entry = { accountNumber: change.accountNumber, receivingBank: change.originalReceivingBank };
    const mismatch = achEntryContradiction(reference, entry, payout, file ? (file.rail ?? 'FEDWIRE') : undefined);
    if (mismatch) throw new QuarantineError(`Contradiction: ${mismatch}`);
  }
}
