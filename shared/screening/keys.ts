import type { Key, KeySpace } from '#shared/db/table-keys.ts';

/** Sanctions screening: an organization's holds, one per held thing (customer, bank, deposit), beside each other. */
export const screeningKeys = {
  screeningHold: (organizationId: string, holdId: string): Key => ({
    pk: `ORG#${organizationId}#SCREENING`,
    sk: `HOLD#${holdId}`,
  }),
  screeningHoldsOfOrganization: (organizationId: string) => ({ pk: `ORG#${organizationId}#SCREENING` }),
} as const;

export const SCREENING_KEY_SPACES: KeySpace[] = [{ pk: 'ORG#{}#SCREENING' }];
