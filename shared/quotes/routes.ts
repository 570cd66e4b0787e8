import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import {
  GetRateQuery,
  RateSchema,
  SandboxExchangeRatesBody,
  SandboxExchangeRatesSchema,
  UNSUPPORTED_PAIR,
} from '#shared/quotes/schemas.ts';
import { consoleReadable, customerRoute, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';

/** The quotes rows of the route table: the indicative rate and the sandbox's fixed rates (assembled in `#shared/routes.ts`). */
export const routes = {
  getRate: defineRoute({
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    operationId: 'getRate',
    method: 'GET',
    path: '/api/v2/rates',
    handler: 'functions/api/quotes/get-rate.ts',
    summary: 'Get an indicative rate quote (USDC to EUR or USD)',
    description:
      OPENAPI_PROSE &&
      "Compose's `GET /rates`, snake_case. The quote comes from the withdrawals' engine with the organization's " +
        'fees and the current rates, so it is what a withdrawal made at that moment gets; it is not locked. ' +
        "Live organizations (on the ECB source, the default in AWS) are quoted the European Central Bank's latest " +
        'reference rate less their spread; when that rate is older than the configured age, the quote still shows ' +
        'it, but a withdrawal made on it waits as PROPOSED instead of executing. ' +
        'Exactly one of `source_amount` and `target_amount`. Other pairs (deposits: EUR/USD to USDC, EURC) are a 400.',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { query: GetRateQuery },
    responses: { 200: RateSchema },
    refusals: [UNSUPPORTED_PAIR, CUSTOMER_NOT_FOUND],
  }),
  sandboxSetExchangeRates: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxSetExchangeRates',
    method: 'POST',
    path: '/api/v2/sandbox/exchange-rates',
    handler: 'functions/api/quotes/set-exchange-rates.ts',
    summary: "Sandbox: set this organization's fixed exchange rates (bank-currency units per USDC)",
    description: OPENAPI_PROSE && 'Quotes of later withdrawals use these rates; not part of the Compose contract.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: SandboxExchangeRatesBody },
    responses: { 200: SandboxExchangeRatesSchema },
  }),
} satisfies Record<string, RouteDefinition>;
