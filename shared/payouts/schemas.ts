import * as z from '#shared/validation/zod.ts';

/** The request and response shapes of the sandbox's stand-ins for the bank and the payout's start. */

export const SandboxFailBody = z
  .strictObject({
    reason: z
      .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500)))
      .check(z.meta({ description: 'Shown as `failureReason`; default `Payout failed`' })),
  })
  .check(z.meta({ id: 'SandboxFailTransactionRequest', examples: [{ reason: 'Beneficiary account closed' }, {}] }));

export const SandboxFaultsBody = z
  .strictObject({
    failNextExecutions: z
      .number({ error: 'Must be a whole number' })
      .check(
        z.int(),
        z.gte(0),
        z.lte(1000),
        z.meta({ description: 'How many of the next payout executions fail at start (back to PROPOSED); 0 disarms' }),
      ),
  })
  .check(z.meta({ id: 'SandboxFaultsRequest', examples: [{ failNextExecutions: 1 }] }));
export const SandboxFaultsSchema = z
  .object({ failNextExecutions: z.number().check(z.int()) })
  .check(z.meta({ id: 'SandboxFaults', examples: [{ failNextExecutions: 1 }] }));
