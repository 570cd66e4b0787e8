import { UNAUTHORIZED } from '#shared/errors.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { HOLD_DECIDED, HOLD_NOT_FOUND, HOLD_SUBJECT_CHANGED } from '#shared/screening-review/review-rules.ts';
import {
  HoldDecisionBody,
  HoldIdParams,
  HoldListQuery,
  HoldViewSchema,
  RescreenReportView,
} from '#shared/screening-review/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** Sanctions screening in the console: the holds waiting for a reviewer, and the reviewer's decisions. */
const sessionRoute = { auth: true, tag: 'Console' } as const;

const decision = {
  ...sessionRoute,
  console: { permission: 'approve' },
  method: 'POST',
  successStatus: 200,
  access: { table: 'readwrite' },
  request: { params: HoldIdParams, body: HoldDecisionBody },
  responses: { 200: HoldViewSchema },
  refusals: [UNAUTHORIZED, HOLD_NOT_FOUND, HOLD_DECIDED, HOLD_SUBJECT_CHANGED],
} as const;

export const routes = defineRoutes('screening-review', {
  consoleListScreeningHolds: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/screening/holds',
    handler: 'functions/api/screening-review/list-screening-holds.ts',
    successStatus: 200,
    access: { table: 'read' },
    request: { query: HoldListQuery },
    responses: { 200: z.array(HoldViewSchema) },
  },
  consoleListScreeningRescreens: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/screening/rescreens',
    handler: 'functions/api/screening-review/list-screening-rescreens.ts',
    successStatus: 200,
    access: { table: 'read' },
    responses: { 200: z.array(RescreenReportView) },
  },
  consoleClearScreeningHold: {
    ...decision,
    path: '/api/console/screening/holds/{holdId}/clear',
    handler: 'functions/api/screening-review/clear-screening-hold.ts',
  },
  consoleConfirmScreeningHold: {
    ...decision,
    path: '/api/console/screening/holds/{holdId}/confirm',
    handler: 'functions/api/screening-review/confirm-screening-hold.ts',
  },
});
