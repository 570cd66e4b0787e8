import { UNAUTHORIZED } from '#shared/errors.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { HOLD_DECIDED, HOLD_NOT_FOUND, HOLD_SUBJECT_CHANGED } from '#shared/screening-review/review-rules.ts';
import { HoldDecisionBody, HoldIdParams, HoldListQuery, HoldViewSchema } from '#shared/screening-review/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** Sanctions screening in the console: the holds waiting for a reviewer, and the reviewer's decisions. */
const sessionRoute = { auth: true, tag: 'Console' } as const;

const decision = (name: 'Clear' | 'Confirm', verb: string) =>
  defineRoute({
    ...sessionRoute,
    console: { permission: 'approve' },
    operationId: `console${name}ScreeningHold`,
    method: 'POST',
    path: `/api/console/screening/holds/{holdId}/${name.toLowerCase()}`,
    handler: `functions/api/screening-review/${name.toLowerCase()}-screening-hold.ts`,
    summary: OPENAPI_PROSE ? verb : '',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { params: HoldIdParams, body: HoldDecisionBody },
    responses: { 200: HoldViewSchema },
    refusals: [UNAUTHORIZED, HOLD_NOT_FOUND, HOLD_DECIDED, HOLD_SUBJECT_CHANGED],
  });

export const routes = {
  consoleListScreeningHolds: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleListScreeningHolds',
    method: 'GET',
    path: '/api/console/screening/holds',
    handler: 'functions/api/screening-review/list-screening-holds.ts',
    summary: OPENAPI_PROSE
      ? 'Sanctions screening holds (customers, banks, deposits that hit a list), oldest first; OPEN unless asked'
      : '',
    successStatus: 200,
    access: { table: 'read' },
    request: { query: HoldListQuery },
    responses: { 200: z.array(HoldViewSchema) },
  }),
  consoleClearScreeningHold: decision(
    'Clear',
    'Clear a hold as a false positive, with a reason: the customer is approved, the bank takes its status, the deposit is credited; audited',
  ),
  consoleConfirmScreeningHold: decision(
    'Confirm',
    'Confirm a hold as a true match, with a reason: blocked for good (KYC rejected, bank rejected, deposit stays frozen); audited',
  ),
} satisfies Record<string, RouteDefinition>;
