/** The metric of the delivered payment files past their rail's answer window (alarmed from 1). */
export const UNANSWERED_FILES_METRIC = 'PaymentFilesUnanswered';

/** The metric of each queue's oldest item's age in seconds, dimension `queue` (alarmed past `REVIEW_QUEUE_MAX_AGE_HOURS`). */
export const OLDEST_WAITING_METRIC = 'ReviewQueueOldestSeconds';

/**
 * How long an item may wait for a person: a KYC submission, a screening hold (a customer, bank or deposit frozen
 * meanwhile) or a credit in suspense (a payer's money unbooked) a day old has waited through a whole working day.
 */
export const REVIEW_QUEUE_MAX_AGE_HOURS = 24;
