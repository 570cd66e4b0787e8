import { type Key, type KeySpace, type ListKey, listSortKey } from '#shared/db/table-keys.ts';

/** A customer's partition holds the customer item and, beside it, what the customer owns (banks, wallets, ...). */
export const customerKeys = {
  customer: (organizationId: string, customerId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: 'CUSTOMER',
  }),
  /** One uploaded KYC document of a customer (its bytes are in the document store). */
  kycDocument: (organizationId: string, customerId: string, documentId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: `KYCDOC#${documentId}`,
  }),
  kycDocumentsOfCustomer: (organizationId: string, customerId: string) => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    skPrefix: 'KYCDOC#',
  }),
  customerListEntry: (organizationId: string, createdAt: string, customerId: string): ListKey => ({
    gsi1pk: `ORG#${organizationId}#CUSTOMERS`,
    gsi1sk: listSortKey(createdAt, customerId),
  }),
  customersOfOrganization: (organizationId: string) => ({ gsi1pk: `ORG#${organizationId}#CUSTOMERS` }),
  depositReference: (reference: string): Key => ({ pk: `DEPOSITREF#${reference}`, sk: 'DEPOSITREF' }),
} as const;

export const CUSTOMER_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#CUSTOMER#{}', sk: 'CUSTOMER' },
  { pk: 'ORG#{}#CUSTOMER#{}', sk: 'KYCDOC#' },
  { gsi1pk: 'ORG#{}#CUSTOMERS' },
  { pk: 'DEPOSITREF#' },
];
