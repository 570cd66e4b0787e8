import type { routes } from '#shared/payout-operations/routes.ts';
import {
  DecideSettlementBody,
  OverduePayoutSchema,
  PayoutOperationsSchema,
  ProposeSettlementBody,
  SettlementViewSchema,
  UnansweredFileSchema,
} from '#shared/payout-operations/schemas.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';

/** The payout desk's words of the console's OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    consoleGetPayoutOperations: {
      summary:
        'What waits on the bank: payouts past their expected settlement, files delivered without an answer, quarantined reports, settlements proposed',
    },
    consoleProposeSettlement: {
      summary: 'Propose to settle a PROCESSING payout by hand (COMPLETED or FAILED) with the reason; audited',
      description:
        'For a payout whose bank answered outside the channel (a letter, a call). Nothing moves until another ' +
        'person approves. A payout in no payment file went to no bank and cannot be COMPLETED (409).',
    },
    consoleDecideSettlement: {
      summary:
        "Approve or reject another person's proposed settlement; approved, the payout moves as a bank report moves it",
      description:
        'Approved: the same status change, ledger moves and `withdrawal.status_changed` event as a bank report, ' +
        'with the audit entry in the same transaction. The proposer cannot decide (403).',
    },
  },
  schemas: [
    schemaProse(ProposeSettlementBody, {
      shape: {
        outcome: { description: 'What the bank said: COMPLETED (booked) or FAILED' },
        reason: { description: 'How we know: the letter, the statement, the call' },
        completedAt: { description: 'COMPLETED: when the bank booked it (default: when approved)' },
      },
    }),
    schemaProse(DecideSettlementBody, {
      shape: { reason: { description: 'Why, when rejecting' } },
    }),
    schemaProse(OverduePayoutSchema, { id: 'OverduePayout' }),
    schemaProse(UnansweredFileSchema, { id: 'UnansweredPaymentFile' }),
    schemaProse(SettlementViewSchema, { id: 'PayoutSettlement' }),
    schemaProse(PayoutOperationsSchema, { id: 'PayoutOperations' }),
  ],
};
