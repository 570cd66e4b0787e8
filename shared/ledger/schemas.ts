import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

const EXAMPLE_CUSTOMER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

export const BalanceSchema = z
  .object({
    customerId: z.string(),
    currency: z.literal('usdc'),
    balance: z.string(),
    availableBalance: z.string(),
    lockedBalance: z.string(),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'Balance',
        examples: [
          {
            customerId: EXAMPLE_CUSTOMER_ID,
            currency: 'usdc',
            balance: '250.00',
            availableBalance: '150.00',
            lockedBalance: '100.00',
          },
        ],
      },
    ),
  );
export type Balance = z.infer<typeof BalanceSchema>;

export const AllowanceSchema = z
  .object({
    enabled: z.boolean(),
    allowance: z.object({
      limit: z.string(),
      spent: z.string(),
      available: z.string(),
      resetPeriodMinutes: z.number().check(z.int()),
      nextResetAt: z.nullable(z.string()),
    }),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'WithdrawalAllowance',
        examples: [
          {
            enabled: true,
            allowance: {
              limit: '10000.00',
              spent: '100.00',
              available: '9900.00',
              resetPeriodMinutes: 1440,
              nextResetAt: '2026-11-22T10:00:00.000Z',
            },
          },
        ],
      },
    ),
  );
export type Allowance = z.infer<typeof AllowanceSchema>;

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
      docMeta(
        OPENAPI_PROSE && {
          description:
            'USDC that API withdrawals may use per period without signatures: a decimal string; `"0"` makes every ' +
            'withdrawal a proposal',
        },
      ),
    ),
    resetPeriodMinutes: z.number({ error: 'Must be a whole number of minutes' }).check(
      z.int(),
      z.gte(0),
      z.lte(MAX_RESET_PERIOD_MINUTES),
      docMeta(
        OPENAPI_PROSE && {
          description: 'Length of an allowance period in minutes (a JSON number); 0: one period, never reset',
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'SandboxAllowanceRequest',
        examples: [
          { limit: '5000.00', resetPeriodMinutes: 1440 },
          { limit: '0', resetPeriodMinutes: 0 },
        ],
      },
    ),
  );
