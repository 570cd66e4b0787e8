import * as z from '#shared/validation/zod.ts';

/** The request and response shapes of the sandbox's stand-ins for the bank and the payout's start. */

export const SandboxFailBody = z.strictObject({
  reason: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
});

export const SandboxReturnBody = z.strictObject({
  reasonCode: z.string().check(z.trim(), z.minLength(1), z.maxLength(35)),
});

export const SandboxFaultsBody = z.strictObject({
  failNextExecutions: z.number({ error: 'Must be a whole number' }).check(z.int(), z.gte(0), z.lte(1000)),
});
export const SandboxFaultsSchema = z.object({ failNextExecutions: z.number().check(z.int()) });
