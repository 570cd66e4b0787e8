import { applyBankCredits } from '#shared/bank-credits/apply-bank-credits.ts';
import { creditsOfReport } from '#shared/bank-credits/credits-of-report.ts';
import { reversalsContradiction } from '#shared/bank-credits/reverse-credit.ts';
import { recordPrenoteReturn } from '#shared/banks/record-prenote-return.ts';
import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { countMetric } from '#shared/metrics.ts';
import { isolation } from '#shared/payouts/isolation.ts';
import { recordNotificationOfChange } from '#shared/payouts/record-notification-of-change.ts';
import {
  FACT_OUTCOME,
  type Fact,
  factsOf,
  plan,
  planChanges,
  planPrenoteReturns,
  QuarantineError,
} from '#shared/payouts/report-facts.ts';
import { type ReportTrace, recordReportOutcome, traceEffects } from '#shared/payouts/report-outcomes.ts';
import { type BankChannel, type ChannelScope, type InboxRead, inboxPrefix } from '#shared/rails/bank/channel.ts';
import { parseReport } from '#shared/rails/bank/parse-off-thread.ts';
import { MalformedReportError } from '#shared/rails/bank/reports.ts';
import { IllegalTransitionError } from '#shared/transactions/lifecycle.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import {
  type Alongside,
  completeWithdrawal,
  failWithdrawal,
  returnWithdrawal,
  type TransactionLocator,
} from '#shared/transactions/transitions.ts';

/**
 * Applies a report from the bank (pain.002, camt.054 or a NACHA return file) from the inbox, by end-to-end id (= the withdrawal's
 * `reference`), each fact once:
 *
 * - pain.002: a rejected payment (TxSts RJCT), payment block (PmtInfSts RJCT) or file (GrpSts RJCT) -> FAILED with
 *   the reason code and text, the reservation released, a webhook; anything else leaves it PROCESSING;
 * - camt.054: a booked debit (DBIT, BOOK) -> COMPLETED with `completedAt` from the booking date, a webhook; a booked
 *   credit with return information (`RtrInf`) for a COMPLETED payout -> FAILED with the return's reason, the amount
 *   back in the customer's balance, a webhook;
 * - NACHA return file (told by its content, `inbox-report.ts`): a return entry (addenda 99, R-code) for a COMPLETED
 *   payout -> FAILED as a camt.054 return, named by the entry's identification (the payout's `reference`) and
 *   reconciled on amount, receiving account and bank, and on the entry its payout's ACH file sent (the trace number
 *   issued for it, the company id, the originating bank, the file header's parties); a notification of change
 *   (addenda 98), checked the same way, is recorded on the payout's withdrawal bank
 *   (`record-notification-of-change.ts`), once per original entry.
 *
 * The report is read and checked whole before anything is applied (`report-facts.ts`): an object that cannot be
 * read (a name outside the channel's pattern, a symlink, over `BANK_REPORT_MAX_BYTES`, not UTF-8, not well-formed,
 * any DOCTYPE), an end-to-end id we never sent, a fact that does not match its payout to the cent (amount,
 * currency) or does not name the payout's own file (file and block, debtor account, ACH entry), or one that contradicts the state (booked after FAILED) moves it to the
 * quarantine with the reason beside it, a `BankReportQuarantined` metric (alarmed in AWS) and an error log; nothing
 * of it is applied. A fact already applied (the same report twice) is skipped, so a second delivery changes nothing.
 * Each fact is one conditional transition; a run that stops halfway leaves the report in the inbox and the next run
 * applies the rest.
 */

export type ReportOutcome =
  | { outcome: 'applied'; applied: number; skipped: number }
  | { outcome: 'quarantined'; error: string }
  | { outcome: 'missing' };

export { QuarantineError };

/**
 * What settles a payout, whoever says so: a fact of a bank's report, or the operator's decision approved by a second
 * person when the bank answered outside the channel (shared/payout-operations/). One way, so both move the same
 * status, ledger and event.
 */
export type Settlement =
  | { kind: 'complete'; completedAt?: string | undefined }
  | { kind: 'fail'; reason: string }
  | { kind: 'return'; reason: string };

export const settlePayout = (deps: Deps, locator: TransactionLocator, settlement: Settlement, alongside?: Alongside) =>
  settlement.kind === 'complete'
    ? completeWithdrawal(deps, locator, settlement.completedAt, alongside)
    : settlement.kind === 'return'
      ? returnWithdrawal(deps, locator, settlement.reason)
      : failWithdrawal(deps, locator, settlement.reason, alongside);

async function appliedMeanwhile(deps: Deps, locator: TransactionLocator, fact: Fact): Promise<boolean> {
  const now = await getTransactionOfCustomer(
    deps.db,
    locator.organizationId,
    locator.customerId,
    locator.transactionId,
  );
  return now?.status === FACT_OUTCOME[fact.kind].status && (fact.kind !== 'return' || Boolean(now.returnedAt));
}

/** Parses, checks and applies one report; throws only on infrastructure errors (the report stays in the inbox). */
export async function applyBankReport(
  deps: Deps,
  report: string | Uint8Array,
  trace: ReportTrace = {},
  scope?: ChannelScope,
) {
  const now = deps.clock.now();
  const parsed = await parseReport(report, deps.config.bank.reportParser);
  trace.kind = parsed.kind;
  const facts = await factsOf(deps, parsed, now);
  // Money paid in (shared/bank-credits/): read and checked with the rest, applied after the payouts' facts.
  const credits = parsed.kind === 'camt.054' ? creditsOfReport(parsed, now) : undefined;
  const reversed = credits ? await reversalsContradiction(deps, credits.reversals) : undefined;
  if (reversed) throw new QuarantineError(`Contradiction: ${reversed}`);
  trace.references = facts.map((fact) => fact.reference);
  const steps = await plan(deps, facts, scope);
  trace.effects = traceEffects(steps);
  const changes = await planChanges(deps, parsed, scope);
  const prenoteReturns = await planPrenoteReturns(deps, parsed, scope);
  let applied = 0;
  let skipped = 0;
  for (const { fact, locator, action } of steps) {
    if (action === 'skip') {
      skipped++;
      continue;
    }
    try {
      await settlePayout(deps, locator, fact);
      applied++;
    } catch (error) {
      // Two readers of one report at once (the inbox worker and a sandbox route, or a redelivered S3 event): the
      // other applied this fact between the plan and the write. Anything else is not this report's doing.
      if (!(error instanceof IllegalTransitionError && (await appliedMeanwhile(deps, locator, fact)))) throw error;
      skipped++;
    }
  }
  // A prenote's return fails the prenote (shared/banks/record-prenote-return.ts), once however often reported.
  for (const prenoteReturn of prenoteReturns) {
    if (await recordPrenoteReturn(deps, prenoteReturn)) applied++;
    else skipped++;
  }
  for (const change of changes) {
    if (await recordNotificationOfChange(deps, change)) applied++;
    else skipped++;
  }
  if (parsed.kind === 'camt.054' && credits) {
    const paidIn = await applyBankCredits(deps, parsed, credits);
    applied += paidIn.credited + paidIn.suspended + paidIn.reversed;
    skipped += paidIn.skipped;
  }
  return { applied, skipped };
}

/** Why an inbox object that is not a readable report is quarantined unread. */
function unreadable(read: Exclude<InboxRead, { state: 'report' } | { state: 'missing' }>, limit: number): string {
  switch (read.state) {
    case 'unsafeName':
      return 'Unreadable report: its name is not a bank channel file name (letters, digits, `.`, `_`, `-`)';
    case 'symlink':
      return 'Unreadable report: a symbolic link (never followed)';
    case 'notAFile':
      return 'Unreadable report: not a file';
    case 'tooLarge':
      return `Unreadable report: ${read.size} bytes, over the limit of ${limit} (BANK_REPORT_MAX_BYTES)`;
  }
}

async function quarantine(
  channel: BankChannel,
  name: string,
  error: string,
  scope?: ChannelScope,
): Promise<ReportOutcome> {
  const as = await channel.quarantine(name, error, scope);
  countMetric('BankReportQuarantined', {});
  log.error('bank report quarantined', { name, quarantinedAs: as, error, ...scope });
  return { outcome: 'quarantined', error };
}

/**
 * One inbox object (of `scope`'s inbox, or the shared one): applied and archived, or quarantined with its reason. A
 * report of a scope's inbox applies only to that organization's payouts of that environment.
 */
export async function processInboxReport(
  deps: Deps,
  channel: BankChannel,
  name: string,
  scope?: ChannelScope,
): Promise<ReportOutcome> {
  const limit = deps.config.bank.maxReportBytes;
  const read = await channel.readInbox(name, limit, scope);
  if (read.state === 'missing') return { outcome: 'missing' };
  if (read.state !== 'report') return quarantine(channel, name, unreadable(read, limit), scope);
  // The outcome is recorded for the organizations concerned before the report leaves the inbox: a run stopped in
  // between records it again rather than never.
  const trace: ReportTrace = {};
  try {
    const { applied, skipped } = await applyBankReport(deps, read.body, trace, scope);
    await recordReportOutcome(deps, { name, trace, quarantineReason: null });
    await channel.archive(name, scope);
    return { outcome: 'applied', applied, skipped };
  } catch (error) {
    if (!(error instanceof QuarantineError || error instanceof MalformedReportError)) throw error;
    const what = error instanceof MalformedReportError ? 'Malformed report' : 'Not applied';
    const reason = `${what}: ${error.message}`;
    await recordReportOutcome(deps, { name, trace, quarantineReason: reason });
    return quarantine(channel, name, reason, scope);
  }
}

/**
 * Every report waiting in the inboxes (the shared one, then each scope's), oldest name first in each (the local
 * worker; in AWS each S3 event names one); outcomes are keyed by the name, prefixed by the scope's inbox. A report
 * that fails for a reason not its own (the table, the channel) stays in the inbox for the next run and holds up no
 * report after it; the run then throws what failed, so the invocation counts as failed.
 */
export async function processInbox(deps: Deps, channel: BankChannel) {
  const outcomes: Record<string, ReportOutcome> = {};
  const reports = isolation();
  for (const scope of [undefined, ...(await channel.listInboxScopes())]) {
    for (const name of await channel.listInbox(scope)) {
      await reports.run('bank report not processed; it stays in the inbox', { name, ...scope }, async () => {
        outcomes[scope ? `${inboxPrefix(scope)}/${name}` : name] = await processInboxReport(deps, channel, name, scope);
      });
    }
  }
  reports.rethrow();
  return outcomes;
}
