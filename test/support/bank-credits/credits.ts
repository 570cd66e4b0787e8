import { randomUUID } from 'node:crypto';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { type CreditEntryInput, writeCreditReport } from '#shared/rails/bank/credit-report-writer.ts';
import { listTransactionsOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { givenOrganization } from '#test/support/deps.ts';

/** A bank reference no other test uses (the table is shared by the run). */
export const bankReference = () => `BK${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`;

/** A sandbox organization's KYC-approved customer `Jane Doe`, with its deposit reference. */
export async function givenPayingCustomer(deps: Deps, name = 'Jane Doe') {
  const { organization } = await givenOrganization(deps, { environment: 'sandbox' });
  const { organizationId } = organization;
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name,
    accountType: 'individual',
    email: 'jane@example.com',
  });
  await approveKyc(deps, { organizationId, customerId, verifiedName: name });
  const customer = await getCustomer(deps.db, organizationId, customerId);
  if (!customer) throw new Error('no customer');
  const deposits = async () =>
    (await listTransactionsOfCustomer(deps.db, organizationId, customerId, { limit: 100, type: 'DEPOSIT' })).items;
  return { organization, organizationId, customerId, reference: customer.depositReference, deposits };
}

/** A credit from `Jane Doe` of EUR 100.00 by default, to the platform's EUR receiving account. */
export const credit = (overrides: Partial<CreditEntryInput> = {}): CreditEntryInput => ({
  bankReference: bankReference(),
  amount: '100.00',
  currency: 'EUR',
  bookingDate: '2026-11-27',
  payer: { name: 'JANE DOE', account: { iban: 'FR1420041010050500013M02606' }, bic: 'PSSTFRPPXXX' },
  ...overrides,
});

let sequence = 0;

/** A camt.054 (or, with `statement`, a camt.053) of `entries` on the platform's EUR receiving account. */
export const creditReport = (deps: Deps, entries: CreditEntryInput[], options: { statement?: boolean } = {}) =>
  writeCreditReport({
    messageId: `CRED-${Date.now()}-${++sequence}`,
    createdAt: new Date().toISOString(),
    account: { iban: deps.config.deposits.eurAccount.iban },
    entries,
    ...options,
  });
