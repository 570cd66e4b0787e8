import { EmailSchema } from '#shared/customers/schemas.ts';
import { UsdcAmountSchema } from '#shared/money/amounts.ts';
import * as z from '#shared/validation/zod.ts';

/** The request and response shapes of the withdrawals area's sandbox and rate settings routes. */

export const SandboxCreditBody = z
  .strictObject({
    amount: UsdcAmountSchema.check(
      z.meta({
        description: 'USDC to credit: a decimal string with up to 6 places, never a JSON number',
        examples: ['250.00'],
      }),
    ),
  })
  .check(z.meta({ id: 'SandboxCreditBalanceRequest', examples: [{ amount: '250.00' }] }));
export const SandboxApproveBody = z
  .strictObject({
    approver: EmailSchema.check(
      z.meta({
        description: "The approver's e-mail; each approver signs once, compared case-insensitively",
      }),
    ),
  })
  .check(z.meta({ id: 'SandboxApproveTransactionRequest', examples: [{ approver: 'treasurer@example.com' }] }));
export const SandboxRejectBody = z
  .strictObject({
    approver: z.optional(EmailSchema).check(z.meta({ description: "The rejecting approver's e-mail, if any" })),
  })
  .check(z.meta({ id: 'SandboxRejectTransactionRequest', examples: [{ approver: 'treasurer@example.com' }, {}] }));
export const SandboxFailBody = z
  .strictObject({
    reason: z
      .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500)))
      .check(z.meta({ description: 'Shown as `failureReason`; default `Payout failed`' })),
  })
  .check(z.meta({ id: 'SandboxFailTransactionRequest', examples: [{ reason: 'Beneficiary account closed' }, {}] }));

/** Zero is a valid limit: every API withdrawal then needs signatures. */
const NonNegativeUsdcSchema = z
  .string({ error: 'Must be a decimal string' })
  .check(
    z.regex(/^(0|[1-9]\d{0,14})(\.\d{1,6})?$/, { error: 'Must be a decimal string with at most 6 decimal places' }),
  );

export const MAX_RESET_PERIOD_MINUTES = 366 * 24 * 60;

export const SandboxAllowanceBody = z
  .strictObject({
    limit: NonNegativeUsdcSchema.check(
      z.meta({
        description:
          'USDC that API withdrawals may use per period without signatures: a decimal string; `"0"` makes every ' +
          'withdrawal a proposal',
      }),
    ),
    resetPeriodMinutes: z
      .number({ error: 'Must be a whole number of minutes' })
      .check(
        z.int(),
        z.gte(0),
        z.lte(MAX_RESET_PERIOD_MINUTES),
        z.meta({ description: 'Length of an allowance period in minutes (a JSON number); 0: one period, never reset' }),
      ),
  })
  .check(
    z.meta({
      id: 'SandboxAllowanceRequest',
      examples: [
        { limit: '5000.00', resetPeriodMinutes: 1440 },
        { limit: '0', resetPeriodMinutes: 0 },
      ],
    }),
  );

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

const RateSchema = z.string({ error: 'Must be a decimal string' }).check(
  z.regex(/^(0|[1-9]\d{0,5})(\.\d{1,8})?$/, { error: 'Must be a decimal string with at most 8 decimal places' }),
  z.refine((value) => /[1-9]/.test(value), { error: 'Must be greater than 0' }),
);

export const ExchangeRatesSchema = z.object({ EUR: z.string(), USD: z.string() });
export type ExchangeRates = z.infer<typeof ExchangeRatesSchema>;

export const SandboxExchangeRatesBody = z
  .strictObject({
    EUR: z
      .optional(RateSchema)
      .check(z.meta({ description: 'EUR paid out per USDC: a decimal string, up to 8 places' })),
    USD: z
      .optional(RateSchema)
      .check(z.meta({ description: 'USD paid out per USDC: a decimal string, up to 8 places' })),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.EUR === undefined && body.USD === undefined) {
        ctx.addIssue({ code: 'custom', path: [], message: 'Provide EUR, USD or both' });
      }
    }),
    z.meta({ id: 'SandboxExchangeRatesRequest', examples: [{ EUR: '0.92' }, { EUR: '0.915', USD: '1.00' }] }),
  );
export const SandboxExchangeRatesSchema = z
  .object({ rates: ExchangeRatesSchema })
  .check(z.meta({ id: 'ExchangeRates', examples: [{ rates: { EUR: '0.92', USD: '1.00' } }] }));
