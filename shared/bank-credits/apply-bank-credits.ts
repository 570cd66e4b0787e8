import { storedBookings } from '#shared/bank-credits/booking-repository.ts';
import {
  byOwner,
  CREDIT_LANES,
  type DecidedCredit,
  lanesOf,
  packsOf,
  writePack,
} from '#shared/bank-credits/credit-packs.ts';
import type { CreditReversal, IncomingCredit } from '#shared/bank-credits/credits-of-report.ts';
import { creditLookups, type Decision, matchCredit } from '#shared/bank-credits/match-credit.ts';
import { type PayerScreening, payerScreening } from '#shared/bank-credits/payer-screening.ts';
import type { BankCreditRecord } from '#shared/bank-credits/records.ts';
import { referenceCandidates } from '#shared/bank-credits/reference-match.ts';
import { reverseCredit } from '#shared/bank-credits/reverse-credit.ts';
import type { Deps } from '#shared/deps.ts';
import { countMetric } from '#shared/metrics.ts';
import type { DebitCreditNotification } from '#shared/rails/bank/reports.ts';

/**
 * Money paid in, from a camt.054 or camt.053 (`apply-bank-report.ts` hands every such report here after its
 * payout facts): each booked credit is matched (`match-credit.ts`) and becomes a DEPOSIT, or waits in a suspense
 * queue; each reversal takes its credit back (`reverse-credit.ts`). Once per booking: its item is written with
 * `attribute_not_exists` in the same transaction as what it becomes, so a report read again, a statement repeating
 * the day's notifications, or two readers at once change nothing the second time.
 */

export type CreditsOutcome = { credited: number; suspended: number; reversed: number; skipped: number };

/** How many credits of one report are matched at once (their reads are mostly answered from the report's memo). */
const MATCHING = 16;

async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const accountShown = (credit: IncomingCredit) =>
  'iban' in credit.account ? credit.account.iban : credit.account.accountNumber;

export function bookingOf(credit: IncomingCredit, decision: Decision, messageId: string, now: Date): BankCreditRecord {
  const { transfer } = credit;
  const payer = transfer.payerAccount;
  const suspense = decision.kind === 'suspense' ? decision : null;
  return {
    bookingId: credit.bookingId,
    status: suspense ? 'SUSPENSE' : 'CREDITED',
    queue: suspense ? suspense.queue : decision.kind === 'credit' ? decision.organization.organizationId : '',
    organizationId:
      (suspense ? suspense.owner : decision.kind === 'credit' ? decision : null)?.organization.organizationId ?? null,
    customerId: (suspense ? suspense.owner : decision.kind === 'credit' ? decision : null)?.customer.customerId ?? null,
    transactionId: null,
    account: accountShown(credit),
    bankReference: credit.bankReference,
    amount: credit.amount,
    currency: credit.currency,
    bookedAt: credit.bookedAt,
    remittance: transfer.remittance,
    payerName: transfer.payerName,
    payerAccount: payer ? ('iban' in payer ? payer.iban : payer.accountNumber) : null,
    payerBic: transfer.payerBank.bic,
    payerBankId: transfer.payerBank.memberId,
    rail: decision.rail,
    reason: suspense ? suspense.reason : null,
    reportMessageId: messageId,
    receivedAt: now.toISOString(),
    resolution: null,
    sendBack: null,
    reversedAt: null,
    onward: null,
    version: 1,
  };
}

export async function applyBankCredits(
  deps: Deps,
  report: DebitCreditNotification,
  planned: { credits: IncomingCredit[]; reversals: CreditReversal[] },
  screening: PayerScreening = payerScreening,
): Promise<CreditsOutcome> {
  const outcome: CreditsOutcome = { credited: 0, suspended: 0, reversed: 0, skipped: 0 };
  const { credits, reversals } = planned;
  if (credits.length === 0 && reversals.length === 0) return outcome;
  // A booking named twice in one report is one booking; bookings already written (a repeated report, a statement
  // after its notifications) are skipped unread.
  const named = [...new Map(credits.map((credit) => [credit.bookingId, credit])).values()];
  const stored = await storedBookings(
    deps.db,
    named.map((credit) => credit.bookingId),
  );
  const fresh = named.filter((credit) => !stored.has(credit.bookingId));
  outcome.skipped += credits.length - fresh.length;
  const lookups = creditLookups(deps);
  // Every deposit reference the report's remittances may name, read in batches before any credit is matched.
  await lookups.references(fresh.flatMap((credit) => referenceCandidates(credit.transfer.remittance)));
  const decided: DecidedCredit[] = [];
  const now = deps.clock.now();
  await eachAtMost(fresh, MATCHING, async (credit) => {
    const decision = await matchCredit(deps, lookups, credit, screening);
    const wallet =
      decision.kind === 'credit' &&
      (await lookups.hasDestinationWallet(decision.organization.organizationId, decision.customer.customerId));
    decided.push({ credit, decision, booking: bookingOf(credit, decision, report.messageId, now), wallet });
  });
  await eachAtMost(lanesOf(byOwner(decided), CREDIT_LANES), CREDIT_LANES, async (lane) => {
    for (const pack of packsOf(lane)) {
      const written = await writePack(deps, pack);
      outcome.skipped += pack.length - written.length;
      const suspended = written.filter(({ decision }) => decision.kind === 'suspense').length;
      outcome.credited += written.length - suspended;
      outcome.suspended += suspended;
      if (suspended) countMetric('BankCreditsInSuspense', {}, suspended);
    }
  });
  for (const reversal of reversals) {
    if (await reverseCredit(deps, reversal, report.messageId)) outcome.reversed++;
    else outcome.skipped++;
  }
  return outcome;
}
