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
import { defineRoutes } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * What else waits for the organization's reviewers: third parties' and SWIFT withdrawal banks, and requested virtual
 * accounts, decided in the console as the operator's CLI decides them, each decision audited. Console rows.
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;
const review = { permission: 'review' } as const;

export const reviewQueueRoutes = defineRoutes('reviews', {
  consoleListBankQueue: {
    ...sessionRoute,
    console: review,
    method: 'GET',
    path: '/api/console/reviews/banks',
    handler: 'functions/api/reviews/list-bank-queue.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: z.array(BankQueueEntrySchema) },
  },
  consoleApproveBankReview: {
    ...sessionRoute,
    console: review,
    method: 'POST',
    path: '/api/console/reviews/banks/{bankId}/approve',
    handler: 'functions/api/reviews/approve-bank-review.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewBankParams },
    responses: { 200: BankSchema },
    refusals: [BANK_NOT_FOUND, BANK_NOT_PENDING, PAYEE_UNCONFIRMED],
  },
  consoleRejectBankReview: {
    ...sessionRoute,
    console: review,
    method: 'POST',
    path: '/api/console/reviews/banks/{bankId}/reject',
    handler: 'functions/api/reviews/reject-bank-review.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewBankParams, body: ReviewRejectBody },
    responses: { 200: BankSchema },
    refusals: [BANK_NOT_FOUND, BANK_NOT_PENDING.withExample('rejected', 'ACTIVE'), PAYEE_UNCONFIRMED],
  },
  consoleListVirtualAccountQueue: {
    ...sessionRoute,
    console: review,
    method: 'GET',
    path: '/api/console/reviews/virtual-accounts',
    handler: 'functions/api/reviews/list-virtual-account-queue.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: z.array(VirtualAccountQueueEntrySchema) },
  },
  consoleApproveVirtualAccountReview: {
    ...sessionRoute,
    console: review,
    method: 'POST',
    path: '/api/console/reviews/virtual-accounts/{virtualAccountId}/approve',
    handler: 'functions/api/reviews/approve-virtual-account-review.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewVirtualAccountParams },
    responses: { 200: VirtualAccountSchema },
    refusals: [VIRTUAL_ACCOUNT_NOT_FOUND, VIRTUAL_ACCOUNT_NOT_PENDING],
  },
  consoleRejectVirtualAccountReview: {
    ...sessionRoute,
    console: review,
    method: 'POST',
    path: '/api/console/reviews/virtual-accounts/{virtualAccountId}/reject',
    handler: 'functions/api/reviews/reject-virtual-account-review.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewVirtualAccountParams, body: ReviewRejectBody },
    responses: { 200: VirtualAccountSchema },
    refusals: [VIRTUAL_ACCOUNT_NOT_FOUND, VIRTUAL_ACCOUNT_NOT_PENDING.withExample('rejected', 'ACTIVE')],
  },
});
