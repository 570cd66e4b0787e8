import type { KeySpace } from '#shared/db/table-keys.ts';

/**
 * The queues where items wait for a person: the KYC submissions waiting for a verdict, the sanctions screening's
 * open holds, the bank credits in suspense (every organization's and the platform's).
 */
export const WAITING_QUEUES = ['KYC', 'SCREENING', 'SUSPENSE'] as const;
export type WaitingQueue = (typeof WAITING_QUEUES)[number];

/**
 * An item waiting in a queue carries an entry on the sparse gsi2 index, by when it started waiting, set in the write
 * that puts it in the queue and removed (or not written) by the one that takes it out: the oldest of every
 * organization's is the first of one Query.
 */
export const waitingKeys = {
  waitingEntry: (queue: WaitingQueue, since: string, id: string) => ({
    gsi2pk: `WAITING#${queue}`,
    gsi2sk: `${since}#${id}`,
  }),
  waitingIn: (queue: WaitingQueue) => ({ gsi2pk: `WAITING#${queue}` }),
} as const;

export const WAITING_KEY_SPACES: KeySpace[] = [{ gsi2pk: 'WAITING#' }];
