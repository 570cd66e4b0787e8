import type { Key, KeySpace } from '#shared/db/table-keys.ts';

export const withdrawalKeys = {
  /** A withdrawal batch's idempotency record with the answer per item (shared/withdrawals/create-withdrawal-batch.ts). */
  withdrawalBatch: (organizationId: string, batchKey: string): Key => ({
    pk: `ORG#${organizationId}#WITHDRAWALBATCH#${batchKey}`,
    sk: 'WITHDRAWALBATCH',
  }),
} as const;

export const WITHDRAWAL_KEY_SPACES: KeySpace[] = [{ pk: 'ORG#{}#WITHDRAWALBATCH#' }];
