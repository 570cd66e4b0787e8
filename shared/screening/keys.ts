import type { Key, KeySpace } from '#shared/db/table-keys.ts';

/** Sanctions screening: an organization's holds, one per held thing (customer, bank, deposit), beside each other. */
export const screeningKeys = {
  screeningHold: (organizationId: string, holdId: string): Key => ({
    pk: `ORG#${organizationId}#SCREENING`,
    sk: `HOLD#${holdId}`,
  }),
  screeningHoldsOfOrganization: (organizationId: string) => ({ pk: `ORG#${organizationId}#SCREENING` }),
  /** What one re-screen against the lists in force found for an organization, beside its holds. */
  screeningRescreenReport: (organizationId: string, versionsId: string): Key => ({
    pk: `ORG#${organizationId}#SCREENING`,
    sk: `RESCREEN#${versionsId}`,
  }),
  /** The run of a re-screen against one set of list versions (`versionsId`: their hash), once per set. */
  screeningRescreen: (versionsId: string): Key => ({ pk: `SCREENINGRESCREEN#${versionsId}`, sk: 'RESCREEN' }),
} as const;

export const SCREENING_KEY_SPACES: KeySpace[] = [{ pk: 'ORG#{}#SCREENING' }, { pk: 'SCREENINGRESCREEN#' }];
