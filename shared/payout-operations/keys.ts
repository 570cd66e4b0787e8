import type { Key, KeySpace } from '#shared/db/table-keys.ts';

/** Payouts settled by hand: one settlement per payout, proposed by one person and decided by another. */
export const payoutOperationKeys = {
  payoutSettlement: (organizationId: string, transactionId: string): Key => ({
    pk: `ORG#${organizationId}#PAYOUTSETTLEMENT#${transactionId}`,
    sk: 'PAYOUTSETTLEMENT',
  }),
  /** While proposed, listed for the organization, oldest first; the entry goes when it is decided. */
  proposedSettlement: (organizationId: string, proposedAt: string, transactionId: string) => ({
    gsi1pk: `ORG#${organizationId}#PAYOUTSETTLEMENTS`,
    gsi1sk: `${proposedAt}#${transactionId}`,
  }),
  proposedSettlementsOfOrganization: (organizationId: string) => ({
    gsi1pk: `ORG#${organizationId}#PAYOUTSETTLEMENTS`,
  }),
} as const;

export const PAYOUT_OPERATION_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#PAYOUTSETTLEMENT#' },
  { gsi1pk: 'ORG#{}#PAYOUTSETTLEMENTS' },
];
