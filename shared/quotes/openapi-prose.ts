import type { routes } from '#shared/quotes/routes.ts';
import {
  GetRateQuery,
  RateSchema,
  SandboxExchangeRatesBody,
  SandboxExchangeRatesSchema,
} from '#shared/quotes/schemas.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';

/** The quotes words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    getRate: {
      summary: 'Get an indicative rate quote (USDC to EUR or USD)',
      description:
        "Compose's `GET /rates`, snake_case. The quote comes from the withdrawals' engine with the organization's " +
        'fees and the current rates, so it is what a withdrawal made at that moment gets; it is not locked. ' +
        "Live organizations (on the ECB source, the default in AWS) are quoted the European Central Bank's latest " +
        'reference rate less their spread; when that rate is older than the configured age, the quote still shows ' +
        'it, but a withdrawal made on it waits as PROPOSED instead of executing. ' +
        'Exactly one of `source_amount` and `target_amount`. Other pairs (deposits: EUR/USD to USDC, EURC) are a 400.',
    },
    sandboxSetExchangeRates: {
      summary: "Sandbox: set this organization's fixed exchange rates (bank-currency units per USDC)",
      description: 'Quotes of later withdrawals use these rates; not part of the Compose contract.',
    },
  },
  schemas: [
    schemaProse(GetRateQuery, {
      shape: {
        source_currency: {
          description: 'Currency being sent (any case): `USDC` to withdraw, `EUR` or `USD` to deposit (the on-ramp)',
          examples: ['USDC'],
        },
        target_currency: {
          description:
            "Currency to be received (any case): `EUR` or `USD` (the bank's currency) from USDC, `USDC` from EUR or USD",
          examples: ['USDC'],
        },
        source_amount: {
          description:
            'Amount to send, a decimal string (USDC up to 6 places, EUR and USD up to 2). Exactly one of ' +
            '`source_amount` and `target_amount`.',
          examples: ['1000'],
        },
        target_amount: {
          description:
            'Amount to receive, a decimal string (EUR and USD up to 2 places, USDC up to 6). Exactly one of the two.',
          examples: ['920.00'],
        },
        customer_id: {
          description:
            "Quote with this customer's developer fee (`PATCH /customers/{customerId}/developer-fees`), as a withdrawal " +
            'of theirs would be; 404 `Customer not found` for an unknown one. Absent: no developer fee.',
        },
        deposit_model: {
          description:
            'Accepted for Compose compatibility (`REFERENCE`, `VIRTUAL_ACCOUNT`); the on-ramp rate is the same for both',
        },
        payment_rail: { description: 'Accepted for Compose compatibility; the quote is the same on every rail' },
      },
    }),
    schemaProse(RateSchema, {
      id: 'IndicativeRate',
      examples: [
        {
          source_currency: 'USDC',
          target_currency: 'EUR',
          source_amount: '1000.00',
          target_amount: '915.40',
          exchange_rate: '0.92',
          fee: '5.00',
          fee_currency: 'USDC',
          developer_fee: null,
        },
      ],
      shape: {
        developer_fee: { innerType: { description: "The customer's developer fee (`customer_id`); null without one" } },
      },
    }),
    schemaProse(SandboxExchangeRatesBody, {
      id: 'SandboxExchangeRatesRequest',
      examples: [{ EUR: '0.92' }, { EUR: '0.915', USD: '1.00' }],
      shape: {
        EUR: { description: 'EUR paid out per USDC: a decimal string, up to 8 places' },
        USD: { description: 'USD paid out per USDC: a decimal string, up to 8 places' },
      },
    }),
    schemaProse(SandboxExchangeRatesSchema, {
      id: 'ExchangeRates',
      examples: [{ rates: { EUR: '0.92', USD: '1.00' } }],
    }),
  ],
};
