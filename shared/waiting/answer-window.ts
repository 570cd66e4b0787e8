import type { RailCurrency, RailName } from '#shared/rails/bank/rail.ts';
import { domesticBankRail, RAILS } from '#shared/rails/bank/rails.ts';
import { landingOf } from '#shared/rails/bank/settlement.ts';

/**
 * After a file's payouts should have landed, how long its bank may take to report on them: camt.054 notifications
 * come intraday, a few times a day at the slowest banks, so two hours past the landing is late, not a report cycle
 * away.
 */
export const ANSWER_GRACE_HOURS = 2;

/**
 * When a delivered payment file should have been answered: the landing its rail's settlement calendar gives a file
 * delivered then (`shared/rails/bank/<rail>/rail.ts`: its cut-off, business days and holidays; no same-day service,
 * the later landing), plus `ANSWER_GRACE_HOURS`. A file stored before it named its rail takes its currency's
 * domestic rail.
 */
export function answerDeadline(file: { rail: RailName | null; currency: RailCurrency }, deliveredAt: Date): Date {
  const rail = RAILS[file.rail ?? domesticBankRail(file.currency)];
  const { expectedAt } = landingOf(rail.settlement, deliveredAt, { sameDay: false });
  return new Date(expectedAt.getTime() + ANSWER_GRACE_HOURS * 3_600_000);
}
