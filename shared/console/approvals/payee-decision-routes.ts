import { BankSchema } from '#shared/banks/bank-view.ts';
import { PAYEE_CONFIRMATION_NOT_FOUND } from '#shared/banks/payee-rules.ts';
import {
  BankIdParams,
  PayeeConfirmationSchema,
  PayeeDecisionOptionsSchema,
  SignPayeeDecisionBody,
  StartPayeeDecisionBody,
} from '#shared/console/approvals/payee-decision-schemas.ts';
import { UNAUTHORIZED } from '#shared/errors.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Verification of Payee: banks held for a member's passkey-signed confirmation. Spread into the
 * console's rows (`routes.ts`).
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;
const readwrite = { table: 'readwrite' } as const;

export const payeeDecisionRoutes = defineRoutes('console', {
  // Verification of Payee: banks held for a member's passkey-signed confirmation.
  consoleListPayeeConfirmations: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/payee-confirmations',
    handler: 'functions/api/console/list-payee-confirmations.ts',
    successStatus: 200,
    access: { table: 'read' },
    responses: { 200: z.array(PayeeConfirmationSchema) },
  },
  consoleStartPayeeDecision: {
    ...sessionRoute,
    console: { permission: 'approve' },
    method: 'POST',
    path: '/api/console/payee-confirmations/{bankId}/options',
    handler: 'functions/api/console/start-payee-decision.ts',
    successStatus: 200,
    access: readwrite,
    request: { params: BankIdParams, body: StartPayeeDecisionBody },
    responses: { 200: PayeeDecisionOptionsSchema },
    refusals: [PAYEE_CONFIRMATION_NOT_FOUND],
  },
  consoleSignPayeeDecision: {
    ...sessionRoute,
    console: { permission: 'approve' },
    method: 'POST',
    path: '/api/console/payee-confirmations/{bankId}/sign',
    handler: 'functions/api/console/sign-payee-decision.ts',
    successStatus: 200,
    access: readwrite,
    request: { params: BankIdParams, body: SignPayeeDecisionBody },
    responses: { 200: BankSchema },
    refusals: [UNAUTHORIZED, PAYEE_CONFIRMATION_NOT_FOUND],
  },
});
