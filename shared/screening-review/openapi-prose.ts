import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';
import type { routes } from '#shared/screening-review/routes.ts';
import { HoldDecisionBody, HoldViewSchema, RescreenReportView } from '#shared/screening-review/schemas.ts';

/** The screening review's words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    consoleListScreeningHolds: {
      summary:
        'Sanctions screening holds (customers, banks, deposits that hit a list), oldest first; OPEN unless asked',
    },
    consoleListScreeningRescreens: {
      summary:
        'Re-screens against new sanctions list versions that found new hits for the organization, newest first (the hits are OPEN holds)',
    },
    consoleClearScreeningHold: {
      summary:
        'Clear a hold as a false positive, with a reason: the customer is approved, the bank takes its status, the deposit is credited; audited',
    },
    consoleConfirmScreeningHold: {
      summary:
        'Confirm a hold as a true match, with a reason: blocked for good (KYC rejected, bank rejected, deposit stays frozen); audited',
    },
  },
  schemas: [
    schemaProse(HoldDecisionBody, {
      shape: { reason: { description: 'Why: a false positive (and how it differs), or the confirmed match' } },
    }),
    schemaProse(HoldViewSchema, { id: 'ScreeningHold' }),
    schemaProse(RescreenReportView, {
      id: 'ScreeningRescreenReport',
      shape: {
        versions: { description: 'The lists and versions screened against, `LIST@version` joined by commas' },
        newHits: { description: 'Customers and banks held by this re-screen' },
      },
    }),
  ],
};
