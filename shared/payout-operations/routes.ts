import { UNAUTHORIZED } from '#shared/errors.ts';
import {
  NOT_A_BANK_PAYOUT,
  NOT_SENT_TO_A_BANK,
  SETTLEMENT_ALREADY_PROPOSED,
  SETTLEMENT_DECIDED,
  SETTLEMENT_NEEDS_SECOND_PERSON,
  SETTLEMENT_NOT_FOUND,
} from '#shared/payout-operations/rules.ts';
import {
  DecideSettlementBody,
  PayoutIdParams,
  PayoutOperationsSchema,
  ProposeSettlementBody,
  SettledPayoutSchema,
  SettlementViewSchema,
} from '#shared/payout-operations/schemas.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';

/** The operator's payout desk in the console (`operate`): what waits on the bank, and settling a payout by hand. */
const sessionRoute = { auth: true, tag: 'Console', console: { permission: 'operate' } } as const;

export const routes = defineRoutes('payout-operations', {
  consoleGetPayoutOperations: {
    ...sessionRoute,
    method: 'GET',
    path: '/api/console/payout-operations',
    handler: 'functions/api/payout-operations/get-payout-operations.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1', 'gsi3'] },
    responses: { 200: PayoutOperationsSchema },
  },
  consoleProposeSettlement: {
    ...sessionRoute,
    method: 'POST',
    path: '/api/console/payout-operations/{transactionId}/settlement',
    handler: 'functions/api/payout-operations/propose-settlement.ts',
    successStatus: 201,
    access: { table: 'readwrite', sessions: true },
    request: { params: PayoutIdParams, body: ProposeSettlementBody },
    responses: { 201: SettlementViewSchema },
    refusals: [UNAUTHORIZED, TRANSACTION_NOT_FOUND, NOT_A_BANK_PAYOUT, NOT_SENT_TO_A_BANK, SETTLEMENT_ALREADY_PROPOSED],
  },
  consoleDecideSettlement: {
    ...sessionRoute,
    method: 'POST',
    path: '/api/console/payout-operations/{transactionId}/settlement/decision',
    handler: 'functions/api/payout-operations/decide-settlement.ts',
    successStatus: 200,
    access: { table: 'readwrite', sessions: true },
    request: { params: PayoutIdParams, body: DecideSettlementBody },
    responses: { 200: SettledPayoutSchema },
    refusals: [UNAUTHORIZED, SETTLEMENT_NOT_FOUND, SETTLEMENT_DECIDED, SETTLEMENT_NEEDS_SECOND_PERSON],
  },
});
