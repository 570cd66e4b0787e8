import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { countMetric } from '#shared/metrics.ts';
import { isolation } from '#shared/payouts/isolation.ts';
import { findByReference, getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import { type BankReport, MalformedReportError, parseBankReport, type Reason } from '#shared/rails/bank/reports.ts';
import { IllegalTransitionError } from '#shared/transactions/lifecycle.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { completeWithdrawal, failWithdrawal, type TransactionLocator } from '#shared/transactions/transitions.ts';

/**
 * Applies a report from the bank (pain.002 or camt.054) from the inbox, by end-to-end id (= the withdrawal's
 * `reference`), each fact once:
 *
 * - pain.002: a rejected payment (TxSts RJCT), payment block (PmtInfSts RJCT) or file (GrpSts RJCT) -> FAILED with
 *   the reason code and text, the reservation released, a webhook; anything else leaves it PROCESSING;
 * - camt.054: a booked debit (DBIT, BOOK) -> COMPLETED with `completedAt` from the booking date, a webhook.
 *
 * The report is checked whole before anything is applied: a malformed file, an end-to-end id we never sent, or a
 * fact that contradicts the state (booked after FAILED, rejected after COMPLETED) moves it to the quarantine with
 * the error beside it, a `BankReportQuarantined` metric (alarmed in AWS) and an error log; nothing of it is applied.
 * A fact already applied (the same report twice) is skipped, so a second delivery changes nothing. Each fact is one
 * conditional transition; a run that stops halfway leaves the report in the inbox and the next run applies the rest.
 */

type Fact =
  | { kind: 'fail'; reference: string; reason: string }
  | { kind: 'complete'; reference: string; completedAt: string };

export type ReportOutcome =
  | { outcome: 'applied'; applied: number; skipped: number }
  | { outcome: 'quarantined'; error: string }
  | { outcome: 'missing' };

export class QuarantineError extends Error {}

/** `NARR` (narrative) carries the whole reason in its text; other codes are kept with their text. */
function failureReason(reason: Reason | null): string {
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

async function factsOf(deps: Deps, report: BankReport, now: Date): Promise<Fact[]> {
  if (report.kind === 'camt.054') {
    return report.entries
      .filter((entry) => entry.creditDebit === 'DBIT' && entry.status === 'BOOK')
      .flatMap((entry) =>
        entry.endToEndIds.map((reference) => ({
          kind: 'complete' as const,
          reference,
          completedAt: bookingTime(entry.bookingDate, now),
        })),
      );
  }
  const facts: Fact[] = report.payments
    .filter((payment) => payment.status === 'RJCT')
    .map((payment) => ({ kind: 'fail', reference: payment.endToEndId, reason: failureReason(payment.reason) }));
  const rejectedBlocks = report.paymentInfos.filter((info) => info.status === 'RJCT');
  if (report.fileStatus === 'RJCT' || rejectedBlocks.length > 0) {
    const file = await getPaymentFile(deps.db, report.originalMessageId);
    if (!file) throw new QuarantineError(`Unknown payment file ${report.originalMessageId}`);
    const reason =
      report.fileStatus === 'RJCT' ? report.fileReason : (rejectedBlocks.find((b) => b.reason)?.reason ?? null);
    const whole = report.fileStatus === 'RJCT' || rejectedBlocks.some((b) => b.paymentInfoId === file.paymentInfoId);
    if (whole) {
      facts.push(
        ...file.payments.map((p) => ({ kind: 'fail' as const, reference: p.reference, reason: failureReason(reason) })),
      );
    }
  }
  return facts;
}

/** What a fact needs of the withdrawal: PROCESSING applies it, its own outcome already applied skips it. */
function decide(fact: Fact, current: TransactionRecord): 'apply' | 'skip' {
  const done = fact.kind === 'complete' ? 'COMPLETED' : 'FAILED';
  if (current.type !== 'WITHDRAWAL') throw new QuarantineError(`${fact.reference} is not a withdrawal`);
  if (current.status === 'PROCESSING') return 'apply';
  if (current.status === done) return 'skip';
  const what = fact.kind === 'complete' ? 'booked' : 'rejected';
  throw new QuarantineError(`${fact.reference} was ${what} by the bank but is ${current.status}`);
}

async function plan(deps: Deps, facts: Fact[]) {
  const seen = new Map<string, Fact>();
  for (const fact of facts) {
    const earlier = seen.get(fact.reference);
    if (earlier && earlier.kind !== fact.kind) {
      throw new QuarantineError(`${fact.reference} is both booked and rejected in one report`);
    }
    seen.set(fact.reference, fact);
  }
  const steps: { fact: Fact; locator: TransactionLocator; action: 'apply' | 'skip' }[] = [];
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
    steps.push({ fact, locator, action: decide(fact, current) });
  }
  return steps;
}

async function appliedMeanwhile(deps: Deps, locator: TransactionLocator, fact: Fact): Promise<boolean> {
  const now = await getTransactionOfCustomer(
    deps.db,
    locator.organizationId,
    locator.customerId,
    locator.transactionId,
  );
  return now?.status === (fact.kind === 'complete' ? 'COMPLETED' : 'FAILED');
}

/** Parses, checks and applies one report; throws only on infrastructure errors (the report stays in the inbox). */
export async function applyBankReport(deps: Deps, xml: string) {
  const now = deps.clock.now();
  const steps = await plan(deps, await factsOf(deps, parseBankReport(xml), now));
  let applied = 0;
  for (const { fact, locator, action } of steps) {
    if (action === 'skip') continue;
    try {
      if (fact.kind === 'complete') await completeWithdrawal(deps, locator, fact.completedAt);
      else await failWithdrawal(deps, locator, fact.reason);
      applied++;
    } catch (error) {
      // Two readers of one report at once (the inbox worker and a sandbox route, or a redelivered S3 event): the
      // other applied this fact between the plan and the write. Anything else is not this report's doing.
      if (!(error instanceof IllegalTransitionError && (await appliedMeanwhile(deps, locator, fact)))) throw error;
    }
  }
  return { applied, skipped: steps.length - applied };
}

/** One inbox file: applied and archived, or quarantined with its error. */
export async function processInboxReport(deps: Deps, channel: BankChannel, name: string): Promise<ReportOutcome> {
  const xml = await channel.readInbox(name);
  if (xml === undefined) return { outcome: 'missing' };
  try {
    const { applied, skipped } = await applyBankReport(deps, xml);
    await channel.archive(name);
    return { outcome: 'applied', applied, skipped };
  } catch (error) {
    if (!(error instanceof QuarantineError || error instanceof MalformedReportError)) throw error;
    const message = `${error instanceof MalformedReportError ? 'Malformed report' : 'Not applied'}: ${error.message}`;
    await channel.quarantine(name, message);
    countMetric('BankReportQuarantined', {});
    log.error('bank report quarantined', { name, error: message });
    return { outcome: 'quarantined', error: message };
  }
}

/**
 * Every report waiting in the inbox, oldest name first (the local worker; in AWS each S3 event names one). A report
 * that fails for a reason not its own (the table, the channel) stays in the inbox for the next run and holds up no
 * report after it; the run then throws what failed, so the invocation counts as failed.
 */
export async function processInbox(deps: Deps, channel: BankChannel) {
  const outcomes: Record<string, ReportOutcome> = {};
  const reports = isolation();
  for (const name of await channel.listInbox()) {
    await reports.run('bank report not processed; it stays in the inbox', { name }, async () => {
      outcomes[name] = await processInboxReport(deps, channel, name);
    });
  }
  reports.rethrow();
  return outcomes;
}
