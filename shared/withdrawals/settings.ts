import { fromJson, setting } from '#shared/config/setting.ts';
import * as z from '#shared/validation/zod.ts';

/** A decimal as a CDK context value; the variable's own rules then check its digits. */
const ContextDecimal = z.string().check(z.regex(/^\d+(\.\d+)?$/, 'Must be a decimal string such as "0.92"'));

/** Withdrawals: their window, their cap, the fixed rates, and how the sandbox bank answers their payouts. */
export const WithdrawalSettings = {
  sandboxSettleAfterSeconds: setting({
    variable: 'SANDBOX_SETTLE_AFTER_S',
    schema: z.pipe(
      z.string().check(z.regex(/^(off|\d{1,7})$/, { error: 'must be a whole number of seconds or off' })),
      z.transform((value) => (value === 'off' ? null : Number(value))),
    ),
    default: '3',
    description:
      'Seconds until a sandbox payout settles by itself; `off` leaves it PROCESSING until the sandbox routes decide.',
    deploy: {
      key: 'sandboxSettleAfterSeconds',
      schema: z.union([z.literal('off'), z.coerce.number().check(z.int(), z.gte(0))]),
      note: '`off` also leaves the sandbox bank simulator undeployed.',
    },
  }),
  expiryWindowSeconds: setting({
    variable: 'WITHDRAWAL_EXPIRY_S',
    schema: z.coerce.number().check(z.int(), z.gte(1)),
    default: 7 * 24 * 3600,
    description: 'Seconds a withdrawal may wait for signatures before the expiry sweep expires it (7 days).',
    deploy: { key: 'withdrawalExpirySeconds', schema: z.coerce.number().check(z.int(), z.gte(60)) },
  }),
  maxAmountUsdc: setting({
    variable: 'WITHDRAWAL_MAX_USDC',
    schema: z.string().check(z.regex(/^\d{1,15}(\.\d{1,6})?$/, { error: 'must be a decimal amount' })),
    default: '1000000',
    description: 'The largest source amount of one withdrawal, in USDC.',
    deploy: { key: 'withdrawalMaxUsdc', schema: ContextDecimal },
  }),
  exchangeRates: setting({
    variable: 'EXCHANGE_RATES',
    schema: z.pipe(
      z
        .string()
        .check(
          z.regex(/^EUR=\d{1,6}(\.\d{1,8})?,USD=\d{1,6}(\.\d{1,8})?$/, { error: 'must look like EUR=0.92,USD=1.00' }),
        ),
      z.transform((value) => {
        const [eur = '', usd = ''] = value.split(',').map((pair) => pair.split('=')[1] ?? '');
        return { EUR: eur, USD: usd };
      }),
    ),
    default: 'EUR=0.92,USD=1.00',
    description:
      "The fixed rate provider's rates, bank-currency units per USDC (sandbox organizations may override theirs).",
    deploy: {
      key: 'exchangeRates',
      schema: z.pipe(z.transform(fromJson), z.strictObject({ EUR: ContextDecimal, USD: ContextDecimal })),
      format: (rates: { EUR: string; USD: string }) => `EUR=${rates.EUR},USD=${rates.USD}`,
      note: 'In AWS, JSON: `{"EUR":"0.92","USD":"1.00"}`.',
    },
  }),
};
