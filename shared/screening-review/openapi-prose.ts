import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';
import type { routes } from '#shared/screening-review/routes.ts';
import { HoldDecisionBody, HoldViewSchema } from '#shared/screening-review/schemas.ts';

/** The screening review's words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    consoleListScreeningHolds: {
      summary:
        'Sanctions screening holds (customers, banks, deposits that hit a list), oldest first; OPEN unless asked',
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
  ],
};
