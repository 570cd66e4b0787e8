import { BANK_NOT_FOUND, BANK_NOT_PENDING } from '#shared/banks/bank-rules.ts';
import { BankSchema } from '#shared/banks/bank-view.ts';
import { PAYEE_UNCONFIRMED } from '#shared/banks/payee-rules.ts';
import { VIRTUAL_ACCOUNT_NOT_FOUND, VIRTUAL_ACCOUNT_NOT_PENDING } from '#shared/deposits/virtual-account-rules.ts';
import { VirtualAccountSchema } from '#shared/deposits/virtual-account-view.ts';
import {
  BankQueueEntrySchema,
  ReviewBankParams,
  ReviewRejectBody,
  ReviewVirtualAccountParams,
  VirtualAccountQueueEntrySchema,
} from '#shared/reviews/queue-schemas.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * What else waits for the organization's reviewers: third parties' and SWIFT withdrawal banks, and requested virtual
 * accounts, decided in the console as the operator's CLI decides them, each decision audited. Console rows.
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;
const review = { permission: 'review' } as const;

export const reviewQueueRoutes = {
  consoleListBankQueue: defineRoute({
    ...sessionRoute,
    console: review,
    operationId: 'consoleListBankQueue',
    method: 'GET',
    path: '/api/console/reviews/banks',
    handler: 'functions/api/reviews/list-bank-queue.ts',
    summary: OPENAPI_PROSE ? 'Withdrawal banks waiting for review (third parties, SWIFT), oldest first' : '',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: z.array(BankQueueEntrySchema) },
  }),
  consoleApproveBankReview: defineRoute({
    ...sessionRoute,
    console: review,
    operationId: 'consoleApproveBankReview',
    method: 'POST',
    path: '/api/console/reviews/banks/{bankId}/approve',
    handler: 'functions/api/reviews/approve-bank-review.ts',
    summary: OPENAPI_PROSE ? 'Approve a bank waiting for review: ACTIVE, its deposit wallets enabled (audited)' : '',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewBankParams },
    responses: { 200: BankSchema },
    refusals: [BANK_NOT_FOUND, BANK_NOT_PENDING, PAYEE_UNCONFIRMED],
  }),
  consoleRejectBankReview: defineRoute({
    ...sessionRoute,
    console: review,
    operationId: 'consoleRejectBankReview',
    method: 'POST',
    path: '/api/console/reviews/banks/{bankId}/reject',
    handler: 'functions/api/reviews/reject-bank-review.ts',
    summary: OPENAPI_PROSE ? 'Reject a bank waiting for review, with a reason (audited)' : '',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewBankParams, body: ReviewRejectBody },
    responses: { 200: BankSchema },
    refusals: [BANK_NOT_FOUND, BANK_NOT_PENDING.withExample('rejected', 'ACTIVE'), PAYEE_UNCONFIRMED],
  }),
  consoleListVirtualAccountQueue: defineRoute({
    ...sessionRoute,
    console: review,
    operationId: 'consoleListVirtualAccountQueue',
    method: 'GET',
    path: '/api/console/reviews/virtual-accounts',
    handler: 'functions/api/reviews/list-virtual-account-queue.ts',
    summary: OPENAPI_PROSE ? 'Virtual accounts requested and waiting for review, oldest first' : '',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: z.array(VirtualAccountQueueEntrySchema) },
  }),
  consoleApproveVirtualAccountReview: defineRoute({
    ...sessionRoute,
    console: review,
    operationId: 'consoleApproveVirtualAccountReview',
    method: 'POST',
    path: '/api/console/reviews/virtual-accounts/{virtualAccountId}/approve',
    handler: 'functions/api/reviews/approve-virtual-account-review.ts',
    summary: OPENAPI_PROSE ? 'Open a requested virtual account: ACTIVE with its IBAN (audited)' : '',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewVirtualAccountParams },
    responses: { 200: VirtualAccountSchema },
    refusals: [VIRTUAL_ACCOUNT_NOT_FOUND, VIRTUAL_ACCOUNT_NOT_PENDING],
  }),
  consoleRejectVirtualAccountReview: defineRoute({
    ...sessionRoute,
    console: review,
    operationId: 'consoleRejectVirtualAccountReview',
    method: 'POST',
    path: '/api/console/reviews/virtual-accounts/{virtualAccountId}/reject',
    handler: 'functions/api/reviews/reject-virtual-account-review.ts',
    summary: OPENAPI_PROSE ? 'Refuse a requested virtual account, with a reason (audited)' : '',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewVirtualAccountParams, body: ReviewRejectBody },
    responses: { 200: VirtualAccountSchema },
    refusals: [VIRTUAL_ACCOUNT_NOT_FOUND, VIRTUAL_ACCOUNT_NOT_PENDING.withExample('rejected', 'ACTIVE')],
  }),
};
