import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import {
  KYB_COMPANY_REQUIRED,
  KYC_ALREADY_APPROVED,
  KYC_ALREADY_REJECTED,
  KYC_STATUS_CHANGED,
} from '#shared/customers/kyc-rules.ts';
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
import { defineRoutes } from '#shared/routing/route.ts';
import { HELD_FOR_SCREENING } from '#shared/screening/hold-rules.ts';
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
  KYB_COMPANY_REQUIRED,
  HELD_FOR_SCREENING,
];

export const reviewRoutes = defineRoutes('reviews', {
  consoleListKycQueue: {
    ...sessionRoute,
    console: { permission: 'review' },
    method: 'GET',
    path: '/api/console/reviews/kyc',
    handler: 'functions/api/reviews/list-kyc-queue.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, indexes: ['gsi1'] },
    request: { query: KycQueueQuery },
    responses: { 200: z.array(KycQueueEntrySchema) },
  },
  consoleGetKycReview: {
    ...sessionRoute,
    console: { permission: 'review' },
    method: 'GET',
    path: '/api/console/reviews/kyc/{customerId}',
    handler: 'functions/api/reviews/get-kyc-review.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true, documents: 'read' },
    request: { params: ReviewCustomerParams },
    responses: { 200: KycReviewSchema },
    refusals: [CUSTOMER_NOT_FOUND],
  },
  consoleApproveKycReview: {
    ...sessionRoute,
    console: { permission: 'review' },
    method: 'POST',
    path: '/api/console/reviews/kyc/{customerId}/approve',
    handler: 'functions/api/reviews/approve-kyc-review.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewCustomerParams, body: ApproveKycReviewBody },
    responses: { 200: KycReviewOutcomeSchema },
    refusals: decisionRefusals,
  },
  consoleRejectKycReview: {
    ...sessionRoute,
    console: { permission: 'review' },
    method: 'POST',
    path: '/api/console/reviews/kyc/{customerId}/reject',
    handler: 'functions/api/reviews/reject-kyc-review.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: ReviewCustomerParams, body: RejectKycReviewBody },
    responses: { 200: KycReviewOutcomeSchema },
    refusals: decisionRefusals,
  },
  consoleGetReviewSettings: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/reviews/settings',
    handler: 'functions/api/reviews/get-review-settings.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    responses: { 200: ReviewSettingsSchema },
  },
  consoleChangeReviewSettings: {
    ...sessionRoute,
    console: { permission: 'settings' },
    method: 'PATCH',
    path: '/api/console/reviews/settings',
    handler: 'functions/api/reviews/change-review-settings.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: ChangeReviewSettingsBody },
    responses: { 200: ReviewSettingsSchema },
  },
});
