import { BankSchema } from '#shared/banks/bank-view.ts';
import { PAYEE_CONFIRMATION_NOT_FOUND } from '#shared/banks/payee-rules.ts';
import {
  BankIdParams,
  PayeeConfirmationSchema,
  PayeeDecisionOptionsSchema,
  SignPayeeDecisionBody,
  StartPayeeDecisionBody,
} from '#shared/console/payee-decision-schemas.ts';
import { UNAUTHORIZED } from '#shared/errors.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Verification of Payee: banks held for a member's passkey-signed confirmation. Spread into the
 * console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;
const readwrite = { table: 'readwrite' } as const;

export const payeeDecisionRoutes = {
  // Verification of Payee: banks held for a member's passkey-signed confirmation.
  consoleListPayeeConfirmations: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleListPayeeConfirmations',
    method: 'GET',
    path: '/api/console/payee-confirmations',
    handler: 'functions/api/console/list-payee-confirmations.ts',
    summary: OPENAPI_PROSE
      ? 'Banks to confirm: banks Verification of Payee held (CLOSE_MATCH, NO_MATCH, NOT_POSSIBLE), oldest first'
      : '',
    successStatus: 200,
    access: { table: 'read' },
    responses: { 200: z.array(PayeeConfirmationSchema) },
  }),
  consoleStartPayeeDecision: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleStartPayeeDecision',
    method: 'POST',
    path: '/api/console/payee-confirmations/{bankId}/options',
    handler: 'functions/api/console/start-payee-decision.ts',
    summary: OPENAPI_PROSE
      ? 'Confirm or reject a bank, step 1: a challenge bound to the bank, the name, the check and the decision'
      : '',
    successStatus: 200,
    access: readwrite,
    request: { params: BankIdParams, body: StartPayeeDecisionBody },
    responses: { 200: PayeeDecisionOptionsSchema },
    refusals: [PAYEE_CONFIRMATION_NOT_FOUND],
  }),
  consoleSignPayeeDecision: defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: 'consoleSignPayeeDecision',
    method: 'POST',
    path: '/api/console/payee-confirmations/{bankId}/sign',
    handler: 'functions/api/console/sign-payee-decision.ts',
    summary: OPENAPI_PROSE
      ? "Confirm or reject a bank, step 2: the passkey's signature decides it (ACTIVE or REJECTED), audited"
      : '',
    successStatus: 200,
    access: readwrite,
    request: { params: BankIdParams, body: SignPayeeDecisionBody },
    responses: { 200: BankSchema },
    refusals: [UNAUTHORIZED, PAYEE_CONFIRMATION_NOT_FOUND],
  }),
};
