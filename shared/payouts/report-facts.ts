import { Decimal } from 'decimal.js';
import { isSendBackReference } from '#shared/bank-credits/send-back-reference.ts';
import { findPrenoteBank, isPrenoteReference } from '#shared/banks/prenote-repository.ts';
import type { Deps } from '#shared/deps.ts';
import { findByReference, getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import type { PaymentFileRecord } from '#shared/payouts/records.ts';
import { type AchOrigination, readAchOrigination } from '#shared/rails/bank/ach/nacha.ts';
import type { NachaNotificationOfChange, NachaReturn, NachaReturnFile } from '#shared/rails/bank/ach/nacha-returns.ts';
import type { ChannelScope } from '#shared/rails/bank/channel.ts';
import type { InboxReport } from '#shared/rails/bank/inbox-report.ts';
import { domesticBankRail, railsReporting } from '#shared/rails/bank/rails.ts';
import {
  type BankReport,
  bookingTime,
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
 * applied: the amount to the cent, the currency, and the payout's own payment file: the file and block a status
 * names, the debited account a notification names (the file's debtor), the ACH entry a NACHA return or notification
 * of change answers (the trace number the file issued for the payout, its originator and originating bank). A fact
 * that does not match, or about a payout in no file (never sent to a bank), is a contradiction: the whole report is
 * quarantined. A report from an organization's own inbox (`<environment>/<organizationId>/inbox/`) may speak only of
 * that organization's payouts and prenotes of that environment: a sandbox report never touches a live payout, one
 * organization's bank never another's.
 */

/** A report that cannot be applied as it stands: quarantined whole, nothing of it applied. */
export class QuarantineError extends Error {}

/**
 * Where a fact came from, for the payment file it must belong to: a status names its file and block, a notification
 * its debited account, a NACHA return the ACH entry it answers.
 */
type Origin =
  | { originalMessageId: string; paymentInfoId: string | null }
  | { account: ReportAccount | null }
  | { achEntry: AchEntry };

/**
 * The ACH entry a NACHA return or notification of change answers, as it names it: the receiving account and bank, the
 * original trace number, the originating bank it goes back to, the batch's company id, and the file header's parties.
 */
type AchEntry = {
  accountNumber: string;
  receivingBank: string;
  originalTraceNumber: string;
  odfi: string;
  companyId: string;
  immediateDestination: string;
  immediateOrigin: string;
};

const achEntryOf = (file: NachaReturnFile, entry: NachaReturn | NachaNotificationOfChange): AchEntry => ({
  accountNumber: entry.accountNumber,
  receivingBank: entry.originalReceivingBank,
  originalTraceNumber: entry.originalTraceNumber,
  odfi: entry.odfi,
  companyId: entry.companyId,
  immediateDestination: file.immediateDestination,
  immediateOrigin: file.immediateOrigin,
});

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

/** `NARR` (narrative) carries the whole reason in its text; other codes are kept with their text. */
function rejectionReason(reason: Reason | null): string {
  if (!reason) return 'Rejected by the bank';
  if (reason.code === 'NARR' && reason.text) return reason.text;
  return [reason.code ?? 'Rejected by the bank', reason.text].filter(Boolean).join(': ');
}

function notificationFacts(report: Extract<BankReport, { kind: 'camt.054' }>, now: Date): Fact[] {
  return report.entries.flatMap((entry) => {
    // A reversal of money paid in, and the booking of a credit sent back, are shared/bank-credits' to apply.
    if (entry.status !== 'BOOK' || entry.reversal) return [];
    const origin = { account: entry.account };
    return entry.transactions.flatMap((transaction): Fact[] => {
      if (isSendBackReference(transaction.endToEndId)) return [];
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
            origin: { achEntry: achEntryOf(report, entry) },
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

/** What an ACH file sent, read once per file record (a report of many entries of one file reads it once). */
const originations = new WeakMap<PaymentFileRecord, AchOrigination>();
function originationOf(file: PaymentFileRecord): AchOrigination {
  const known = originations.get(file);
  if (known) return known;
  const read = readAchOrigination(file.xml);
  originations.set(file, read);
  return read;
}

/**
 * An ACH entry answers the payout only if it is the entry the payout's own file sent: by ACH, to the payout's account
 * at the payout's bank, with the trace number that file issued for it, from its originator (company id) and
 * originating bank, in a file passed on by that bank to that originator (the header's parties, turned around).
 */
function achEntryContradiction(reference: string, entry: AchEntry, payout: TransactionRecord, file: PaymentFileRecord) {
  // A file written before rails were stored went by SEPA or Fedwire, neither of which NACHA files answer.
  const rail = file.rail ?? domesticBankRail('USD');
  const answered = railsReporting('nacha-returns');
  if (!answered.includes(rail)) return `${reference} was sent by ${rail}, not ${answered.join(' or ')}`;
  const bank = payout.withdrawalBank;
  const account = bank?.accountNumber?.toUpperCase() ?? '';
  if (entry.accountNumber.toUpperCase() !== account) {
    return `${reference} was paid to account ${account || 'none'}; the ACH entry names ${entry.accountNumber}`;
  }
  const receivingBank = bank?.routingNumber?.slice(0, 8) ?? '';
  if (entry.receivingBank !== receivingBank) {
    return `${reference} was paid to bank ${receivingBank || 'none'}; the ACH entry names ${entry.receivingBank}`;
  }
  const sent = originationOf(file);
  const original = sent.entries.get(reference);
  if (!original) return `${reference} is not an entry of ACH file ${file.messageId}`;
  if (entry.originalTraceNumber !== original.traceNumber) {
    return `${reference} was sent with trace number ${original.traceNumber}; the ACH entry names ${entry.originalTraceNumber}`;
  }
  if (entry.odfi !== original.odfi) {
    return `${reference} was sent by originating bank ${original.odfi}; the ACH entry goes to ${entry.odfi}`;
  }
  if (entry.companyId !== original.companyId) {
    return `${reference} was sent by company ${original.companyId}; the ACH batch names ${entry.companyId}`;
  }
  if (entry.immediateOrigin !== sent.immediateDestination) {
    return `${reference} was sent to ${sent.immediateDestination}; the ACH file comes from ${entry.immediateOrigin}`;
  }
  if (entry.immediateDestination !== sent.immediateOrigin) {
    return `${reference} was sent from ${sent.immediateOrigin}; the ACH file is addressed to ${entry.immediateDestination}`;
  }
  return undefined;
}

const sameAccount = (a: ReportAccount, b: ReportAccount) =>
  'iban' in a && 'iban' in b
    ? a.iban.replace(/\s/g, '').toUpperCase() === b.iban.replace(/\s/g, '').toUpperCase()
    : 'accountNumber' in a && 'accountNumber' in b && a.accountNumber === b.accountNumber;

const shown = (account: ReportAccount) => ('iban' in account ? account.iban : account.accountNumber);

/** Why a payout whose file is `file` is not one a report from `scope`'s inbox may speak of (none without a scope). */
function outOfScope(reference: string, file: PaymentFileRecord, scope: ChannelScope | undefined) {
  if (!scope || (file.organizationId === scope.organizationId && file.environment === scope.environment)) return;
  return `${reference} is not a ${scope.environment} payout of the organization whose inbox the report came into`;
}

/** A payout in no payment file was never sent to a bank: no report of a bank can be about it. */
const unsent = (reference: string, payout: TransactionRecord) =>
  payout.paymentFileId
    ? `${reference} is in payment file ${payout.paymentFileId}, which the service does not hold`
    : `${reference} was never sent to a bank: it is in no payment file`;

/**
 * The contradictions between a fact and the payout it names (the payout as stored, and its payment file): the
 * amount to the cent, the currency, and the payout's own file: the file a status was given for, the debited account,
 * the ACH entry a NACHA return answers.
 */
export function contradiction(
  fact: Fact,
  payout: TransactionRecord,
  file: PaymentFileRecord | undefined,
  scope?: ChannelScope,
) {
  const { reference, terms, origin } = fact;
  if (!file) return unsent(reference, payout);
  const elsewhere = outOfScope(reference, file, scope);
  if (elsewhere) return elsewhere;
  if ('originalMessageId' in origin) {
    if (origin.originalMessageId !== file.messageId) {
      return `${reference} is in payment file ${file.messageId}, not ${origin.originalMessageId}`;
    }
    if (origin.paymentInfoId !== null && origin.paymentInfoId !== file.paymentInfoId) {
      return `${reference} is in payment information ${file.paymentInfoId}, not ${origin.paymentInfoId}`;
    }
  }
  if ('achEntry' in origin) {
    const mismatch = achEntryContradiction(reference, origin.achEntry, payout, file);
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
  if (terms.debtorAccount && !sameAccount(terms.debtorAccount, file.debtorAccount)) {
    return `${reference} is paid from ${shown(file.debtorAccount)}; the report names ${shown(terms.debtorAccount)}`;
  }
  if (fact.kind !== 'fail' && !terms.debtorAccount && !('achEntry' in origin))
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

/**
 * The payout a report names by its reference and the payment file it is in, each file read once per report;
 * `QuarantineError` for a reference the service never gave a payout.
 */
function payoutsOfReport(deps: Deps) {
  const files = new Map<string, Promise<PaymentFileRecord | undefined>>();
  return async (reference: string) => {
    const locator = await findByReference(deps.db, reference);
    const payout =
      locator &&
      (await getTransactionOfCustomer(deps.db, locator.organizationId, locator.customerId, locator.transactionId));
    if (!locator || !payout) throw new QuarantineError(`Unknown payment ${reference}`);
    const fileId = payout.paymentFileId;
    if (fileId && !files.has(fileId)) files.set(fileId, getPaymentFile(deps.db, fileId));
    return { locator, payout, file: fileId ? await files.get(fileId) : undefined };
  };
}

/** Every fact checked against its payout before any is applied; throws `QuarantineError` on the first doubt. */
export async function plan(deps: Deps, facts: Fact[], scope?: ChannelScope): Promise<Step[]> {
  const seen = new Map<string, Fact>();
  for (const fact of facts) {
    const earlier = seen.get(fact.reference);
    if (earlier && earlier.kind !== fact.kind) {
      const [a, b] = [FACT_OUTCOME[earlier.kind].said, FACT_OUTCOME[fact.kind].said];
      throw new QuarantineError(`${fact.reference} is both ${a} and ${b} in one report`);
    }
    seen.set(fact.reference, fact);
  }
  const payoutOf = payoutsOfReport(deps);
  const steps: Step[] = [];
  for (const fact of seen.values()) {
    const { locator, payout, file } = await payoutOf(fact.reference);
    const mismatch = contradiction(fact, payout, file, scope);
    if (mismatch) throw new QuarantineError(`Contradiction: ${mismatch}`);
    steps.push({ fact, locator, action: decide(fact, payout) });
  }
  return steps;
}

/**
 * The notifications of change of a NACHA file (addenda 98; none in any other report), each checked before anything
 * of its file is applied: it answers the entry its payout's own ACH file sent (as a return must); else
 * `QuarantineError`.
 */
export async function planChanges(
  deps: Deps,
  report: InboxReport,
  scope?: ChannelScope,
): Promise<NachaNotificationOfChange[]> {
  if (report.kind !== 'nacha-returns') return [];
  const changes = report.entries.filter(
    (entry): entry is NachaNotificationOfChange => entry.kind === 'notificationOfChange',
  );
  const payoutOf = payoutsOfReport(deps);
  for (const change of changes) {
    const reference = change.identification;
    const { payout, file } = await payoutOf(reference);
    const mismatch = file
      ? (outOfScope(reference, file, scope) ??
        achEntryContradiction(reference, achEntryOf(report, change), payout, file))
      : unsent(reference, payout);
    if (mismatch) throw new QuarantineError(`Contradiction: ${mismatch}`);
  }
  return changes;
}

/** The prenote returns of a report, each of a prenote of `scope`'s organization when the report came from its inbox. */
export async function planPrenoteReturns(deps: Deps, report: InboxReport, scope?: ChannelScope) {
  const returns = prenoteReturnsOf(report);
  if (!scope) return returns;
  for (const { reference } of returns) {
    const bank = await findPrenoteBank(deps.db, reference);
    if (bank && bank.organizationId !== scope.organizationId) {
      throw new QuarantineError(
        `Contradiction: ${reference} is not a prenote of the organization whose inbox the report came into`,
      );
    }
  }
  return returns;
}
