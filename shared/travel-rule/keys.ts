import type { Key, KeySpace, ListKey } from '#shared/db/table-keys.ts';

/**
 * The Travel Rule area's items: the proofs that a customer controls a self-hosted address, the Travel Rule data of
 * inbound deposits (one partition per organization, the auditor's export) and those whose originator is missing.
 */
export const travelRuleKeys = {
  addressOwnershipProof: (org: string, customerId: string, address: string): Key => ({
    pk: `ORG#${org}#ADDRESSPROOF`,
    sk: `${customerId}#${address.toLowerCase()}`,
  }),
  /** The Travel Rule data of an inbound deposit (its transaction's id); one partition per organization (the export). */
  depositTravelRule: (org: string, transactionId: string): Key => ({
    pk: `ORG#${org}#DEPOSITTRAVELRULE`,
    sk: `TX#${transactionId}`,
  }),
  depositTravelRulesOfOrganization: (org: string) => ({ pk: `ORG#${org}#DEPOSITTRAVELRULE`, skPrefix: 'TX#' }),
  /** Sparse: a deposit whose originator data is missing, oldest first, until the integrator completes it. */
  depositOriginatorMissing: (org: string, receivedAt: string, transactionId: string): ListKey => ({
    gsi1pk: `ORG#${org}#ORIGINATORMISSING`,
    gsi1sk: `${receivedAt}#${transactionId}`,
  }),
  depositOriginatorsMissingOfOrganization: (org: string) => ({ gsi1pk: `ORG#${org}#ORIGINATORMISSING` }),
} as const;

export const TRAVEL_RULE_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#ADDRESSPROOF' },
  { pk: 'ORG#{}#DEPOSITTRAVELRULE' },
  { gsi1pk: 'ORG#{}#ORIGINATORMISSING' },
];
