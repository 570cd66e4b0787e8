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
} from '#shared/console/bank-credits-schemas.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';
import { TransactionResponseSchema } from '#shared/transactions/schemas.ts';

/**
 * The organization's suspense queue of money paid in (shared/bank-credits/README.md, "The suspense queue"): listed,
 * and each credit assigned to a customer or sent back to its payer, with a reason, audited. Spread into the
 * console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;

export const bankCreditRoutes = {
  consoleListSuspenseCredits: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleListSuspenseCredits',
    method: 'GET',
    path: '/api/console/bank-credits/suspense',
    handler: 'functions/api/console/bank-credits-list-suspense.ts',
    summary: OPENAPI_PROSE ? 'Money paid in that could not be credited, newest first, each with the reason' : '',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { query: SuspenseQuery },
    responses: { 200: SuspenseListSchema },
  }),
  consoleAssignSuspenseCredit: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleAssignSuspenseCredit',
    method: 'POST',
    path: '/api/console/bank-credits/{bookingId}/assign',
    handler: 'functions/api/console/bank-credits-assign.ts',
    summary: OPENAPI_PROSE
      ? 'Give a credit in suspense to a customer, with a reason: a DEPOSIT at the on-ramp quote in force at booking'
      : '',
    successStatus: 200,
    access: { table: 'readwrite', sessions: true },
    request: { params: BookingIdParams, body: AssignSuspenseBody },
    responses: { 200: TransactionResponseSchema },
    refusals: [BANK_CREDIT_NOT_FOUND, CUSTOMER_NOT_FOUND, NOT_IN_SUSPENSE, NOT_CREDITABLE],
  }),
  consoleSendBackSuspenseCredit: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleSendBackSuspenseCredit',
    method: 'POST',
    path: '/api/console/bank-credits/{bookingId}/send-back',
    handler: 'functions/api/console/bank-credits-send-back.ts',
    summary: OPENAPI_PROSE
      ? "Send a credit in suspense back to its payer, with a reason: a payment in the rail's file in the outbox"
      : '',
    successStatus: 200,
    access: { table: 'readwrite', sessions: true, bankChannel: 'batcher' },
    request: { params: BookingIdParams, body: SendBackSuspenseBody },
    responses: { 200: SuspenseCreditSchema },
    refusals: [BANK_CREDIT_NOT_FOUND, NOT_IN_SUSPENSE, NOT_SENDABLE],
  }),
};
