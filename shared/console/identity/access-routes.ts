import { ALREADY_MEMBER, INVITE_INVALID } from '#shared/console/common/console-rules.ts';
import {
  AcceptInviteBody,
  ConsoleSessionSchema,
  SignedOutSchema,
  SignInBody,
  SignInOptionsSchema,
  StartRegistrationBody,
  StartRegistrationSchema,
} from '#shared/console/common/schemas.ts';
import { InvitePreviewSchema, PreviewInviteBody } from '#shared/console/identity/invite-view-schemas.ts';
import { TOO_MANY_REQUESTS, UNAUTHORIZED } from '#shared/errors.ts';
import { NoBody } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';

/**
 * Getting into the console and out of it (shared/console/README.md, "Passkeys and sessions"): an invite accepted with a new
 * passkey, a passkey sign-in, the session, signing out. Spread into the console's rows (`routes.ts`).
 */
const publicRoute = { auth: false, tag: 'Console', console: { permission: 'public' } } as const;
const sessionRoute = { auth: true, tag: 'Console' } as const;
const readwrite = { table: 'readwrite' } as const;

export const accessRoutes = defineRoutes('console', {
  consolePreviewInvite: {
    ...publicRoute,
    method: 'POST',
    path: '/api/console/invites/preview',
    handler: 'functions/api/console/preview-invite.ts',
    successStatus: 200,
    access: { table: 'read' },
    request: { body: PreviewInviteBody },
    responses: { 200: InvitePreviewSchema },
    refusals: [INVITE_INVALID],
  },
  consoleStartRegistration: {
    ...publicRoute,
    method: 'POST',
    path: '/api/console/invites/registration',
    handler: 'functions/api/console/start-registration.ts',
    successStatus: 200,
    access: readwrite,
    request: { body: StartRegistrationBody },
    responses: { 200: StartRegistrationSchema },
    refusals: [INVITE_INVALID],
  },
  consoleAcceptInvite: {
    ...publicRoute,
    method: 'POST',
    path: '/api/console/invites/accept',
    handler: 'functions/api/console/accept-invite.ts',
    successStatus: 201,
    access: readwrite,
    request: { body: AcceptInviteBody },
    responses: { 201: ConsoleSessionSchema },
    refusals: [UNAUTHORIZED, INVITE_INVALID, ALREADY_MEMBER],
  },
  consoleStartSignIn: {
    ...publicRoute,
    method: 'POST',
    path: '/api/console/sign-in/options',
    handler: 'functions/api/console/start-sign-in.ts',
    successStatus: 200,
    access: readwrite,
    request: { body: NoBody },
    responses: { 200: SignInOptionsSchema },
    refusals: [TOO_MANY_REQUESTS],
  },
  consoleSignIn: {
    ...publicRoute,
    method: 'POST',
    path: '/api/console/sign-in',
    handler: 'functions/api/console/sign-in.ts',
    successStatus: 200,
    access: readwrite,
    request: { body: SignInBody },
    responses: { 200: ConsoleSessionSchema },
    refusals: [UNAUTHORIZED, TOO_MANY_REQUESTS],
  },
  consoleGetSession: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'GET',
    path: '/api/console/session',
    handler: 'functions/api/console/get-session.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    responses: { 200: ConsoleSessionSchema },
  },
});

export const signOutRoutes = defineRoutes('console', {
  // Last: the generated suites call routes in this order, and these end the session they are called with.
  consoleSignOut: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'POST',
    path: '/api/console/sign-out',
    handler: 'functions/api/console/sign-out.ts',
    successStatus: 200,
    access: readwrite,
    request: { body: NoBody },
    responses: { 200: SignedOutSchema },
  },
  consoleSignOutEverywhere: {
    ...sessionRoute,
    console: { permission: 'read' },
    method: 'POST',
    path: '/api/console/sign-out-everywhere',
    handler: 'functions/api/console/sign-out-everywhere.ts',
    successStatus: 200,
    access: readwrite,
    request: { body: NoBody },
    responses: { 200: SignedOutSchema },
  },
});
