import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** A decimal as a CDK context value; the variable's own rules then check its digits. */
const ContextDecimal = z.string().check(z.regex(/^\d+(\.\d+)?$/, 'Must be a decimal string such as "0.92"'));

/** Withdrawals: their window, their cap, the fixed rates, and how the sandbox bank answers their payouts. */
export const WithdrawalSettings = {
  sandboxSettleAfterSeconds: setting(
    'SANDBOX_SETTLE_AFTER_S',
    z.prefault(
      z.pipe(
        z.string().check(z.regex(/^(off|\d{1,7})$/, { error: 'must be a whole number of seconds or off' })),
        z.transform((value) => (value === 'off' ? null : Number(value))),
      ),
      '3',
    ),
    SETTINGS_ABOUT && {
      description:
        'Seconds until a sandbox payout settles by itself; `off` leaves it PROCESSING until the sandbox routes decide.',
      deploy: {
        key: 'sandboxSettleAfterSeconds',
        schema: z.union([z.literal('off'), z.coerce.number().check(z.int(), z.gte(0))]),
        note: '`off` also leaves the sandbox bank simulator undeployed.',
      },
    },
  ),
  expiryWindowSeconds: setting(
    'WITHDRAWAL_EXPIRY_S',
    z.prefault(z.coerce.number().check(z.int(), z.gte(1)), 7 * 24 * 3600),
    SETTINGS_ABOUT && {
      description: 'Seconds a withdrawal may wait for signatures before the expiry sweep expires it (7 days).',
      deploy: { key: 'withdrawalExpirySeconds', schema: z.coerce.number().check(z.int(), z.gte(60)) },
    },
  ),
  maxAmountUsdc: setting(
    'WITHDRAWAL_MAX_USDC',
    z.prefault(z.string().check(z.regex(/^\d{1,15}(\.\d{1,6})?$/, { error: 'must be a decimal amount' })), '1000000'),
    SETTINGS_ABOUT && {
      description: 'The largest source amount of one withdrawal, in USDC.',
      deploy: { key: 'withdrawalMaxUsdc', schema: ContextDecimal },
    },
  ),
  exchangeRates: setting(
    'EXCHANGE_RATES',
    z.prefault(
      z.pipe(
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
      'EUR=0.92,USD=1.00',
    ),
    SETTINGS_ABOUT && {
      description:
        "The fixed rate provider's rates, bank-currency units per USDC (sandbox organizations may override theirs).",
      deploy: {
        key: 'exchangeRates',
        json: true,
        schema: z.strictObject({ EUR: ContextDecimal, USD: ContextDecimal }),
        format: (rates: { EUR: string; USD: string }) => `EUR=${rates.EUR},USD=${rates.USD}`,
        note: 'In AWS, JSON: `{"EUR":"0.92","USD":"1.00"}`.',
      },
    },
  ),
};
