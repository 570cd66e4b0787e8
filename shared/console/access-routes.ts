import { ALREADY_MEMBER, INVITE_INVALID } from '#shared/console/console-rules.ts';
import { InvitePreviewSchema, PreviewInviteBody } from '#shared/console/invite-view-schemas.ts';
import {
  AcceptInviteBody,
  ConsoleSessionSchema,
  SignedOutSchema,
  SignInBody,
  SignInOptionsSchema,
  StartRegistrationBody,
  StartRegistrationSchema,
} from '#shared/console/schemas.ts';
import { TOO_MANY_REQUESTS, UNAUTHORIZED } from '#shared/errors.ts';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE } from '#shared/routing/route.ts';

/**
 * Getting into the console and out of it (shared/console/README.md, "Passkeys and sessions"): an invite accepted with a new
 * passkey, a passkey sign-in, the session, signing out. Spread into the console's rows (`routes.ts`).
 */
const publicRoute = { auth: false, tag: 'Console', console: { permission: 'public' } } as const;
const sessionRoute = { auth: true, tag: 'Console' } as const;
const readwrite = { table: 'readwrite' } as const;

export const accessRoutes = {
  consolePreviewInvite: defineRoute({
    ...publicRoute,
    operationId: 'consolePreviewInvite',
    method: 'POST',
    path: '/api/console/invites/preview',
    handler: 'functions/api/console/preview-invite.ts',
    summary: OPENAPI_PROSE ? 'Accept an invite, step 0: the organization, address and role it is for' : '',
    successStatus: 200,
    access: { table: 'read' },
    request: { body: PreviewInviteBody },
    responses: { 200: InvitePreviewSchema },
    refusals: [INVITE_INVALID],
  }),
  consoleStartRegistration: defineRoute({
    ...publicRoute,
    operationId: 'consoleStartRegistration',
    method: 'POST',
    path: '/api/console/invites/registration',
    handler: 'functions/api/console/start-registration.ts',
    summary: OPENAPI_PROSE ? 'Accept an invite, step 1: the passkey creation options for the invited member' : '',
    successStatus: 200,
    access: readwrite,
    request: { body: StartRegistrationBody },
    responses: { 200: StartRegistrationSchema },
    refusals: [INVITE_INVALID],
  }),
  consoleAcceptInvite: defineRoute({
    ...publicRoute,
    operationId: 'consoleAcceptInvite',
    method: 'POST',
    path: '/api/console/invites/accept',
    handler: 'functions/api/console/accept-invite.ts',
    summary: OPENAPI_PROSE
      ? 'Accept an invite, step 2: register the passkey, become a member, and open a session (cookie)'
      : '',
    successStatus: 201,
    access: readwrite,
    request: { body: AcceptInviteBody },
    responses: { 201: ConsoleSessionSchema },
    refusals: [UNAUTHORIZED, INVITE_INVALID, ALREADY_MEMBER],
  }),
  consoleStartSignIn: defineRoute({
    ...publicRoute,
    operationId: 'consoleStartSignIn',
    method: 'POST',
    path: '/api/console/sign-in/options',
    handler: 'functions/api/console/start-sign-in.ts',
    summary: OPENAPI_PROSE ? 'Sign in, step 1: passkey request options (rate limited per source address)' : '',
    successStatus: 200,
    access: readwrite,
    request: { body: NoBody },
    responses: { 200: SignInOptionsSchema },
    refusals: [TOO_MANY_REQUESTS],
  }),
  consoleSignIn: defineRoute({
    ...publicRoute,
    operationId: 'consoleSignIn',
    method: 'POST',
    path: '/api/console/sign-in',
    handler: 'functions/api/console/sign-in.ts',
    summary: OPENAPI_PROSE ? "Sign in, step 2: the passkey's assertion opens a session (cookie)" : '',
    successStatus: 200,
    access: readwrite,
    request: { body: SignInBody },
    responses: { 200: ConsoleSessionSchema },
    refusals: [UNAUTHORIZED, TOO_MANY_REQUESTS],
  }),
  consoleGetSession: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleGetSession',
    method: 'GET',
    path: '/api/console/session',
    handler: 'functions/api/console/get-session.ts',
    summary: OPENAPI_PROSE ? 'The signed-in member, the organization and what the role allows' : '',
    successStatus: 200,
    access: { table: 'readwrite' },
    responses: { 200: ConsoleSessionSchema },
  }),
};

export const signOutRoutes = {
  // Last: the generated suites call routes in this order, and these end the session they are called with.
  consoleSignOut: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleSignOut',
    method: 'POST',
    path: '/api/console/sign-out',
    handler: 'functions/api/console/sign-out.ts',
    summary: OPENAPI_PROSE ? 'End this session' : '',
    successStatus: 200,
    access: readwrite,
    request: { body: NoBody },
    responses: { 200: SignedOutSchema },
  }),
  consoleSignOutEverywhere: defineRoute({
    ...sessionRoute,
    console: { permission: 'read' },
    operationId: 'consoleSignOutEverywhere',
    method: 'POST',
    path: '/api/console/sign-out-everywhere',
    handler: 'functions/api/console/sign-out-everywhere.ts',
    summary: OPENAPI_PROSE ? 'End every session of the signed-in member, on every device' : '',
    successStatus: 200,
    access: readwrite,
    request: { body: NoBody },
    responses: { 200: SignedOutSchema },
  }),
};
