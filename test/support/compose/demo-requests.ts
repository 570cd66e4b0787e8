import type { Deps } from '#shared/deps.ts';
import { givenOrganization } from '#test/support/deps.ts';
import type { useApi } from '#test/support/http/local-api.ts';

/** The bodies Compose's demo app (github composefinance/api-demo-app, `demo.jsx`) sends, for the compatibility suites. */

/** Demo step "create": the body the demo posts (its form's defaults). */
export const DEMO_CUSTOMER = {
  name: 'MARCO ROSSI',
  accountType: 'individual',
  email: 'marco.rossi@example.com',
  expectedMonthlyVolume: 25000,
};

/** Demo step "wd-bank": `bankBody` with the form's defaults. */
export const DEMO_BANK = {
  beneficiaryName: 'MARCO ROSSI',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  addressLine1: 'Friedrichstraße 123',
  city: 'Berlin',
  country: 'DE',
  currency: 'EUR',
  recipientType: 'CUSTOMER',
};

type Request = ReturnType<typeof useApi>['request'];

/** A new sandbox organization's demo customer, KYC-approved through the sandbox: its key and id. */
export const demoCustomers = (deps: Deps, request: Request) => async () => {
  const org = await givenOrganization(deps);
  const key = org.apiKey;
  const created = await request<Record<string, unknown>>('POST', '/customers', { key, body: DEMO_CUSTOMER });
  const customerId = created.body.customerId as string;
  await request('POST', `/sandbox/customers/${customerId}/kyc/approve`, { key });
  return { key, customerId, created };
};
