import {
  type Key,
  type KeySpace,
  type ListKey,
  listSortKey,
  type TimerKey,
  type TimerKind,
  timerKey,
} from '#shared/db/table-keys.ts';

/**
 * Transactions live in the customer's partition; the pointer lets routes that name only a transaction id (sandbox,
 * operator) find it without a scan.
 */
export const transactionKeys = {
  transaction: (organizationId: string, customerId: string, transactionId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `TX#${transactionId}`,
  }),
  transactionListEntry: (organizationId: string, customerId: string, createdAt: string, transactionId: string) => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#TXS`,
    gsi1sk: listSortKey(createdAt, transactionId),
  }),
  /** On the transaction item too: the organization's transactions across its customers (console). */
  transactionOrganizationEntry: (organizationId: string, createdAt: string, transactionId: string) => ({
    gsi3pk: `ORG#${organizationId}#TXS`,
    gsi3sk: listSortKey(createdAt, transactionId),
  }),
  transactionsOfOrganization: (organizationId: string) => ({ gsi3pk: `ORG#${organizationId}#TXS` }),
  transactionsOfCustomer: (organizationId: string, customerId: string) => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#TXS`,
  }),
  transactionPointer: (organizationId: string, transactionId: string): Key => ({
    pk: `ORG#${organizationId}#TX#${transactionId}`,
    sk: 'TXPOINTER',
  }),
  /** The pointer's gsi1 entry: the operator CLI knows a transaction id but not its organization. */
  transactionPointerLookup: (transactionId: string): ListKey => ({
    gsi1pk: `TXPOINTER#${transactionId}`,
    gsi1sk: 'TXPOINTER',
  }),
  transactionReference: (reference: string): Key => ({ pk: `TXREFERENCE#${reference}`, sk: 'TXREFERENCE' }),
  idempotencyRecord: (organizationId: string, idempotencyKey: string): Key => ({
    pk: `ORG#${organizationId}#IDEMPOTENCY#${idempotencyKey}`,
    sk: 'IDEMPOTENCY',
  }),
  /**
   * A withdrawal waiting for a deadline (expiry while awaiting signatures, sandbox settlement while processing)
   * carries this sparse gsi2 entry.
   */
  withdrawalTimer: (kind: TimerKind, transactionId: string, dueAt: string): TimerKey =>
    timerKey(kind, transactionId, dueAt),
} as const;

export const TRANSACTION_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#CUSTOMER#{}', sk: 'TX#' },
  { gsi1pk: 'ORG#{}#CUSTOMER#{}#TXS' },
  { gsi3pk: 'ORG#{}#TXS' },
  { pk: 'ORG#{}#TX#{}', sk: 'TXPOINTER' },
  { gsi1pk: 'TXPOINTER#' },
  { pk: 'TXREFERENCE#' },
  { pk: 'ORG#{}#IDEMPOTENCY#' },
  { gsi2pk: 'TIMER#EXPIRE#' },
  { gsi2pk: 'TIMER#BATCH#' },
];
