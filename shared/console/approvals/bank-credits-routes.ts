import {
  BANK_CREDIT_NOT_FOUND,
  NOT_CREDITABLE,
  NOT_IN_SUSPENSE,
  NOT_SENDABLE,
} from '#shared/bank-credits/suspense-rules.ts';
import {
  AssignSuspenseBody,
  BookingIdParams,
  SendBackSuspenseBody,
  SuspenseCreditSchema,
  SuspenseListSchema,
  SuspenseQuery,
} from '#shared/console/approvals/bank-credits-schemas.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { TransactionResponseSchema } from '#shared/transactions/schemas.ts';

/**
 * The organization's suspense queue of money paid in (shared/bank-credits/README.md, "The suspense queue"): listed,
 * and each credit assigned to a customer or sent back to its payer, with a reason, audited. Spread into the
 * console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const bankCreditRoutes = defineRoutes('console', {
  consoleListSuspenseCredits: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/bank-credits/suspense',
    handler: 'functions/api/console/bank-credits-list-suspense.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { query: SuspenseQuery },
    responses: { 200: SuspenseListSchema },
  },
  consoleAssignSuspenseCredit: {
    ...sessionRoute,
    console: { permission: 'approve' },
    method: 'POST',
    path: '/api/console/bank-credits/{bookingId}/assign',
    handler: 'functions/api/console/bank-credits-assign.ts',
    successStatus: 200,
    access: { table: 'readwrite', sessions: true },
    request: { params: BookingIdParams, body: AssignSuspenseBody },
    responses: { 200: TransactionResponseSchema },
    refusals: [BANK_CREDIT_NOT_FOUND, CUSTOMER_NOT_FOUND, NOT_IN_SUSPENSE, NOT_CREDITABLE],
  },
  consoleSendBackSuspenseCredit: {
    ...sessionRoute,
    console: { permission: 'approve' },
    method: 'POST',
    path: '/api/console/bank-credits/{bookingId}/send-back',
    handler: 'functions/api/console/bank-credits-send-back.ts',
    successStatus: 200,
    access: { table: 'readwrite', sessions: true, bankChannel: 'batcher' },
    request: { params: BookingIdParams, body: SendBackSuspenseBody },
    responses: { 200: SuspenseCreditSchema },
    refusals: [BANK_CREDIT_NOT_FOUND, NOT_IN_SUSPENSE, NOT_SENDABLE],
  },
});
