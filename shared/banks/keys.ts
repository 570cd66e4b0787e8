import { type Key, type KeySpace, type ListKey, listSortKey, type TimerKey, timerKey } from '#shared/db/table-keys.ts';

/** Withdrawal banks live in their customer's partition; their payee confirmations and prenotes beside. */
export const bankKeys = {
  bank: (organizationId: string, customerId: string, bankId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `BANK#${bankId}`,
  }),
  bankListEntry: (organizationId: string, customerId: string, createdAt: string, bankId: string): ListKey => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#BANKS`,
    gsi1sk: listSortKey(createdAt, bankId),
  }),
  banksOfCustomer: (organizationId: string, customerId: string) => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMER#${customerId}#BANKS`,
  }),
  /** Points from a bank id to its owner, for operators who only have the id. */
  bankPointer: (bankId: string): Key => ({ pk: `BANKID#${bankId}`, sk: 'BANKID' }),
  /** Makes account details unique per customer; the sort key holds a hash, never the account number. */
  bankAccountDetails: (organizationId: string, customerId: string, detailsHash: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `BANKDETAILS#${detailsHash}`,
  }),

  // Verification of Payee: one item per bank held for a member's confirmation, gone once decided.
  payeeConfirmation: (organizationId: string, bankId: string): Key => ({
    pk: `ORG#${organizationId}#PAYEECONFIRMATIONS`,
    sk: `BANK#${bankId}`,
  }),
  payeeConfirmationsOfOrganization: (organizationId: string) => ({ pk: `ORG#${organizationId}#PAYEECONFIRMATIONS` }),

  // Banks waiting for the organization's review (third parties, SWIFT): one entry each, gone once decided.
  bankAwaitingReview: (organizationId: string, bankId: string): Key => ({
    pk: `ORG#${organizationId}#BANKREVIEWS`,
    sk: `BANK#${bankId}`,
  }),
  banksAwaitingReview: (organizationId: string) => ({ pk: `ORG#${organizationId}#BANKREVIEWS` }),

  // ACH prenotes: a bank whose prenote is to be sent or awaits its window carries this timer; the
  // entry's reference (its individual identification number) finds the bank a return names.
  prenoteTimer: (bankId: string, dueAt: string): TimerKey => timerKey('PRENOTE', bankId, dueAt),
  prenoteByReference: (reference: string): Key => ({ pk: `PRENOTE#${reference}`, sk: 'PRENOTE' }),
  /** A prenote file as written to its outbox (its owner and hash), so a mover sends only files the service wrote. */
  prenoteFile: (messageId: string): Key => ({ pk: `PRENOTEFILE#${messageId}`, sk: 'PRENOTEFILE' }),
} as const;

export const BANK_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#CUSTOMER#{}', sk: 'BANK#' },
  { pk: 'ORG#{}#CUSTOMER#{}', sk: 'BANKDETAILS#' },
  { gsi1pk: 'ORG#{}#CUSTOMER#{}#BANKS' },
  { pk: 'BANKID#' },
  { pk: 'ORG#{}#PAYEECONFIRMATIONS' },
  { pk: 'ORG#{}#BANKREVIEWS' },
  { gsi2pk: 'TIMER#PRENOTE#' },
  { pk: 'PRENOTE#' },
  { pk: 'PRENOTEFILE#' },
];
