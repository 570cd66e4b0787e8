import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { KYC_REJECTED_FOR_GOOD } from '#shared/customers/kyc-final.ts';
import { KYC_ALREADY_APPROVED, KYC_ALREADY_REJECTED, KYC_STATUS_CHANGED } from '#shared/customers/kyc-rules.ts';
import { NOT_AWAITING_REVIEW, REVIEW_CHANGED, SECOND_REVIEWER_REQUIRED } from '#shared/reviews/review-rules.ts';
import {
  ApproveKycReviewBody,
  ChangeReviewSettingsBody,
  KycQueueEntrySchema,
  KycQueueQuery,
  KycReviewOutcomeSchema,
  KycReviewSchema,
  RejectKycReviewBody,
  ReviewCustomerParams,
  ReviewSettingsSchema,
} from '#shared/reviews/schemas.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The organization's own reviewers (shared/reviews/README.md): KYC verdicts given in the console by members with the
 * `review` permission (the `compliance` role, owners and admins), every decision audited. Console rows, assembled
 * in `#shared/routes.ts`.
 */
const sessionRoute = { auth: true, tag: 'Console' } as const;
const decisionRefusals = [
  CUSTOMER_NOT_FOUND,
  NOT_AWAITING_REVIEW,
  SECOND_REVIEWER_REQUIRED,
  REVIEW_CHANGED,
  KYC_ALREADY_APPROVED,
  KYC_ALREADY_REJECTED,
  KYC_STATUS_CHANGED,
  KYC_REJECTED_FOR_GOOD,
];

export const reviewRoutes = {
  consoleListKycQueue: defineRoute({
    ...sessionRoute,
    console: { permission: 'review' },
    operationId: 'consoleListKycQueue',
    method: 'GET',
    path: '/api/console/reviews/kyc',
    handler: 'functions/api/reviews/list-kyc-queue.ts',
    summary: OPENAPI_PROSE ? 'Customers whose KYC submission waits for a reviewer, newest first' : '',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { query: KycQueueQuery },
    responses: { 200: z.array(KycQueueEntrySchema) },
  }),
  consoleGetKycReview: defineRoute({
    ...sessionRoute,
    console: { permission: 'review' },
    operationId: 'consoleGetKycReview',
    method: 'GET',
    path: '/api/console/reviews/kyc/{customerId}',
    handler: 'functions/api/reviews/get-kyc-review.ts',
    summary: OPENAPI_PROSE
      ? "A customer's review: the documents behind short-lived presigned links, and a verdict waiting, if any"
      : '',
    successStatus: 200,
    access: { table: 'read', sessions: true, documents: 'read' },
    request: { params: ReviewCustomerParams },
    responses: { 200: KycReviewSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  }),
  consoleApproveKycReview: defineRoute({
    ...sessionRoute,
    console: { permission: 'review' },
    operationId: 'consoleApproveKycReview',
    method: 'POST',
    path: '/api/console/reviews/kyc/{customerId}/approve',
    handler: 'functions/api/reviews/approve-kyc-review.ts',
    summary: OPENAPI_PROSE
      ? 'Approve with the verified name and address (with two reviewers: the second member giving the same decides)'
      : '',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewCustomerParams, body: ApproveKycReviewBody },
    responses: { 200: KycReviewOutcomeSchema },
    refusals: decisionRefusals,
  }),
  consoleRejectKycReview: defineRoute({
    ...sessionRoute,
    console: { permission: 'review' },
    operationId: 'consoleRejectKycReview',
    method: 'POST',
    path: '/api/console/reviews/kyc/{customerId}/reject',
    handler: 'functions/api/reviews/reject-kyc-review.ts',
    summary: OPENAPI_PROSE ? 'Reject with a reason: RETRY lets the customer submit again, FINAL never' : '',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewCustomerParams, body: RejectKycReviewBody },
    responses: { 200: KycReviewOutcomeSchema },
    refusals: decisionRefusals,
  }),
  consoleGetReviewSettings: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleGetReviewSettings',
    method: 'GET',
    path: '/api/console/reviews/settings',
    handler: 'functions/api/reviews/get-review-settings.ts',
    summary: OPENAPI_PROSE ? 'How many different members must give a KYC verdict' : '',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: ReviewSettingsSchema },
  }),
  consoleChangeReviewSettings: defineRoute({
    ...sessionRoute,
    console: { permission: 'settings' },
    operationId: 'consoleChangeReviewSettings',
    method: 'PATCH',
    path: '/api/console/reviews/settings',
    handler: 'functions/api/reviews/change-review-settings.ts',
    summary: OPENAPI_PROSE ? 'Require one or two reviewers for a KYC verdict (owners; audited)' : '',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: ChangeReviewSettingsBody },
    responses: { 200: ReviewSettingsSchema },
  }),
};
