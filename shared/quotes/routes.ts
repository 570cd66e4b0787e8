import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import {
  GetRateQuery,
  RateSchema,
  SandboxExchangeRatesBody,
  SandboxExchangeRatesSchema,
  UNSUPPORTED_PAIR,
} from '#shared/quotes/schemas.ts';
import { consoleReadable, customerRoute, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';

/** The quotes rows of the route table: the indicative rate and the sandbox's fixed rates (assembled in `#shared/routes.ts`). */
export const routes = defineRoutes('quotes', {
  getRate: {
    ...customerRoute,
    ...consoleReadable,
    tag: 'Withdrawals',
    method: 'GET',
    path: '/api/v2/rates',
    handler: 'functions/api/quotes/get-rate.ts',
    successStatus: 200,
    access: { table: 'read', sessions: true },
    request: { query: GetRateQuery },
    responses: { 200: RateSchema },
    refusals: [UNSUPPORTED_PAIR, CUSTOMER_NOT_FOUND],
  },
  sandboxSetExchangeRates: {
    ...sandboxRoute,
    method: 'POST',
    path: '/api/v2/sandbox/exchange-rates',
    handler: 'functions/api/quotes/set-exchange-rates.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: SandboxExchangeRatesBody },
    responses: { 200: SandboxExchangeRatesSchema },
  },
});
