import { type Key, type KeySpace, type TimerKey, type TimerKind, timerKey } from '#shared/db/table-keys.ts';

/** The bank payout rail: one item per payment file, keyed by its message id (hex, so it shards). */
export const payoutKeys = {
  paymentFile: (messageId: string): Key => ({ pk: `PAYMENTFILE#${messageId}`, sk: 'PAYMENTFILE' }),
  /** How many ACH files an originator (its bank's routing number and company id) has created on a UTC day. */
  achFilesOfDay: (routingNumber: string, companyId: string, day: string): Key => ({
    pk: `COUNTER#ACHFILES#${routingNumber}#${companyId}#${day}`,
    sk: 'COUNTER',
  }),
  /** A payment file waiting to be written to the outbox (WRITE) or answered by the sandbox bank (ANSWER). */
  paymentFileTimer: (kind: TimerKind, messageId: string, dueAt: string): TimerKey => timerKey(kind, messageId, dueAt),

  // Reconciliation: each bank report's outcome for each organization it concerns, newest first.
  bankReportOutcome: (organizationId: string, receivedAt: string, reportId: string) => ({
    pk: `ORG#${organizationId}#BANKREPORT#${reportId}`,
    sk: 'BANKREPORT',
    gsi1pk: `ORG#${organizationId}#BANKREPORTS`,
    gsi1sk: `${receivedAt}#${reportId}`,
  }),
  bankReportOutcomesOfOrganization: (organizationId: string) => ({ gsi1pk: `ORG#${organizationId}#BANKREPORTS` }),
} as const;

export const PAYOUT_KEY_SPACES: KeySpace[] = [
  { pk: 'PAYMENTFILE#' },
  { pk: 'COUNTER#ACHFILES#' },
  { gsi2pk: 'TIMER#WRITE#' },
  { gsi2pk: 'TIMER#ANSWER#' },
  { gsi2pk: 'TIMER#AWAIT#' },
  { pk: 'ORG#{}#BANKREPORT#' },
  { gsi1pk: 'ORG#{}#BANKREPORTS' },
];
