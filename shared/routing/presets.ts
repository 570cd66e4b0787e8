import * as z from '#shared/validation/zod.ts';

/** What several areas' routes share: the gates and the tag. */
export const customerRoute = { auth: true, features: ['customers'], tag: 'Customers' } as const;
export const sandboxRoute = { auth: true, sandboxOnly: true, tag: 'Sandbox' } as const;

/** A route that takes no body: an empty object, so any field is refused by name. */
export const NoBody = z.strictObject({});

/**
 * An API read the console also calls with its session (`read`: every role). Its function may then move the
 * session's idle deadline on (`access.sessions`).
 */
export const consoleReadable = { session: { permission: 'read' } } as const;
