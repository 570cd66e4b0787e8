import type { Key, KeySpace } from '#shared/db/table-keys.ts';

export const developerFeeKeys = {
  /** The organization's developer fees: accrued and not yet claimed (micro-USDC). */
  developerFees: (organizationId: string): Key => ({ pk: `ORG#${organizationId}`, sk: 'DEVELOPERFEES' }),
  /** The organization's own custodial USDC (claimed developer fees). */
  organizationBalance: (organizationId: string): Key => ({ pk: `ORG#${organizationId}`, sk: 'BALANCE#USDC' }),
  /** One claim of developer fees, its id the `transactionId` the claim answers. */
  developerFeeClaim: (organizationId: string, claimId: string): Key => ({
    pk: `ORG#${organizationId}#FEECLAIMS`,
    sk: `CLAIM#${claimId}`,
  }),
} as const;

export const DEVELOPER_FEE_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}', sk: 'DEVELOPERFEES' },
  { pk: 'ORG#{}', sk: 'BALANCE#USDC' },
  { pk: 'ORG#{}#FEECLAIMS' },
];
