import { isValidIBAN } from 'ibantools/jsnext/ibantools.js';
import { describe, expect, it } from 'vitest';
import { run, UsageError } from '#infra/admin/cli.ts';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { givenCustomer } from '#test/support/banks/bank-requests.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

const deps = integrationDeps();
const { request } = useApi();
const admin = (...argv: string[]) => run(argv, () => deps.db);

const MISSING = '00000000-0000-4000-8000-000000000000';
const detailsOf = (customerId: string, query: string) => `/customers/${customerId}/deposit?${query}`;

type VirtualAccount = { id: string; customerId: string; currency: string; status: string; iban: string | null };

async function givenVerified() {
  const org = await givenOrganization(deps);
  const customerId = await givenCustomer(request, org.apiKey);
  return { org, key: org.apiKey, customerId };
}

describe('deposit details', () => {
  it('checks in the contract order: query shape, then the customer, then KYC', async () => {
    const org = await givenOrganization(deps);
    const key = org.apiKey;
    const pending = await givenCustomer(request, key, { approved: false });

    expect(await request('GET', `/customers/${MISSING}/deposit`, { key })).toMatchObject({
      status: 400,
      body: { error: 'Missing required query parameter: paymentRail' },
    });
    expect(await request('GET', detailsOf(MISSING, 'currency=gbp'), { key })).toMatchObject({
      status: 400,
      body: { error: 'currency: Must be one of: eur, usd' },
    });
    expect(await request('GET', detailsOf(MISSING, 'currency=eur&paymentRail=SWIFT'), { key })).toMatchObject({
      status: 400,
      body: { error: 'paymentRail: Must be one of: SEPA for eur' },
    });
    expect(await request('GET', detailsOf(MISSING, 'currency=eur'), { key })).toMatchObject({
      status: 404,
      body: { error: 'Customer not found' },
    });
    expect(await request('GET', detailsOf(pending, 'currency=eur'), { key })).toMatchObject({
      status: 403,
      body: { error: 'Customer KYC verification must be completed' },
    });
  });

  it("gives each organization's customers its configured EUR receiving bank, and the platform's by default", async () => {
    const configured = await givenVerified();
    const platform = await givenVerified();
    await admin(
      'org',
      'update',
      configured.org.organizationId,
      '--eur-bank-name',
      'ABN AMRO Bank N.V.',
      '--eur-iban',
      'nl91 abna 0417 1643 00',
      '--eur-bic',
      'abnanl2a',
      '--eur-account-name',
      'Acme Payments B.V.',
    );

    const mine = await request<{ warning: string }>('GET', detailsOf(configured.customerId, 'currency=EUR'), {
      key: configured.key,
    });
    const theirs = await request('GET', detailsOf(platform.customerId, 'currency=eur&paymentRail=sepa'), {
      key: platform.key,
    });

    expect(mine).toMatchObject({ status: 200 });
    expect(mine.body).toEqual({
      customerId: configured.customerId,
      currency: 'eur',
      paymentRail: 'SEPA',
      depositModel: 'reference',
      reference: expect.stringMatching(/^[0-9A-Z]{10}$/),
      accountName: 'Acme Payments B.V.',
      accountAddress: null,
      iban: 'NL91ABNA0417164300',
      bic: 'ABNANL2A',
      accountNumber: null,
      routingNumber: null,
      bankName: 'ABN AMRO Bank N.V.',
      bankAddress: null,
      bankCountry: 'NL',
      depositInstructions: expect.stringContaining('SEPA'),
      warning: expect.any(String),
      warningText: mine.body.warning,
      thirdPartyEnabled: false,
    });
    expect(theirs.body).toMatchObject({
      customerId: platform.customerId,
      iban: deps.config.deposits.eurAccount.iban,
      bic: deps.config.deposits.eurAccount.bic,
      bankName: deps.config.deposits.eurAccount.bankName,
    });
    expect(theirs.body).not.toMatchObject({ iban: 'NL91ABNA0417164300' });
  });

  it('keeps the reference stable per customer and different between customers', async () => {
    const { key, customerId } = await givenVerified();
    const other = await givenCustomer(request, key);

    const first = await request<{ reference: string }>('GET', detailsOf(customerId, 'currency=eur'), { key });
    const usd = await request<{ reference: string }>('GET', detailsOf(customerId, 'currency=usd'), { key });
    const others = await request<{ reference: string }>('GET', detailsOf(other, 'currency=eur'), { key });

    expect(usd.body.reference).toBe(first.body.reference);
    expect(others.body.reference).not.toBe(first.body.reference);
  });

  it('returns the shared USD reference account: routing number on FEDWIRE (the default), BIC on SWIFT', async () => {
    const { key, customerId } = await givenVerified();
    const usd = deps.config.deposits.usdAccount;

    const fedwire = await request('GET', detailsOf(customerId, 'currency=usd'), { key });
    const swift = await request('GET', detailsOf(customerId, 'currency=usd&paymentRail=SWIFT'), { key });

    expect(fedwire.body).toMatchObject({
      paymentRail: 'FEDWIRE',
      depositModel: 'reference',
      accountNumber: usd.accountNumber,
      routingNumber: usd.routingNumber,
      iban: null,
      bic: null,
      bankName: usd.bankName,
      bankCountry: 'US',
    });
    expect(swift.body).toMatchObject({
      paymentRail: 'SWIFT',
      depositModel: 'reference',
      accountNumber: usd.accountNumber,
      routingNumber: null,
      iban: null,
      bic: usd.bic,
    });
  });

  it('refuses an incomplete or invalid EUR bank on the admin CLI and can go back to the platform bank', async () => {
    const { org, key, customerId } = await givenVerified();

    await expect(admin('org', 'update', org.organizationId, '--eur-iban', 'NL91ABNA0417164300')).rejects.toThrow(
      new UsageError('--eur-bic: Required'),
    );
    await expect(
      admin('org', 'update', org.organizationId, '--eur-bank-name', 'X', '--eur-iban', 'NL00', '--eur-bic', 'ABNANL2A'),
    ).rejects.toThrow(new UsageError('--eur-iban: Invalid IBAN'));
    await admin(
      'org',
      'update',
      org.organizationId,
      ...['--eur-bank-name', 'ING', '--eur-iban'],
      'NL91ABNA0417164300',
      '--eur-bic',
      'INGBNL2A',
    );
    await admin('org', 'update', org.organizationId, '--eur-bank-reset');

    const details = await request('GET', detailsOf(customerId, 'currency=eur'), { key });
    expect(details.body).toMatchObject({ iban: deps.config.deposits.eurAccount.iban });
  });
});

describe('virtual accounts', () => {
  it('opens a USD virtual account: requested PENDING, approved ACTIVE with a dedicated valid IBAN used on SWIFT', async () => {
    const { key, customerId } = await givenVerified();
    const accountsOf = `/customers/${customerId}/virtual-accounts`;

    const requested = await request<VirtualAccount>('POST', `/customers/${customerId}/virtual-account`, {
      key,
      body: { currency: 'USD' },
    });
    const swiftBefore = await request('GET', detailsOf(customerId, 'currency=usd&paymentRail=SWIFT'), { key });
    const approved = await request<VirtualAccount>(
      'POST',
      `/sandbox/customers/${customerId}/virtual-accounts/${requested.body.id}/approve`,
      { key },
    );
    const swift = await request('GET', detailsOf(customerId, 'currency=usd&paymentRail=SWIFT'), { key });
    const fedwire = await request('GET', detailsOf(customerId, 'currency=usd'), { key });

    expect(requested).toMatchObject({
      status: 202,
      body: { customerId, currency: 'USD', status: 'PENDING', iban: null, activatedAt: null },
    });
    expect(swiftBefore.body).toMatchObject({ depositModel: 'reference' });
    expect(approved).toMatchObject({ status: 200, body: { id: requested.body.id, status: 'APPROVED' } });
    const iban = approved.body.iban ?? '';
    expect(iban).toMatch(/^GB\d{2}[A-Z]{4}\d{14}$/);
    expect(isValidIBAN(iban)).toBe(true);
    expect(swift.body).toMatchObject({
      paymentRail: 'SWIFT',
      depositModel: 'virtual_account',
      iban,
      bic: deps.config.deposits.virtualAccountIssuer.bic,
      accountName: 'Jane Doe',
      accountNumber: null,
      routingNumber: null,
    });
    expect(fedwire.body).toMatchObject({ depositModel: 'reference', iban: null });
    expect(await request('GET', accountsOf, { key })).toMatchObject({ status: 200, body: [approved.body] });
  });

  it('keeps one virtual account per currency and customer, and approves it once', async () => {
    const { key, customerId } = await givenVerified();
    const requests = await Promise.all(
      [1, 2].map(() =>
        request<VirtualAccount>('POST', `/customers/${customerId}/virtual-account`, { key, body: { currency: 'usd' } }),
      ),
    );
    const created = requests.find((r) => r.status === 202);
    const approve = () =>
      request('POST', `/sandbox/customers/${customerId}/virtual-accounts/${created?.body.id}/approve`, { key });

    const verdicts = await Promise.all([approve(), approve()]);

    expect(requests.map((r) => r.status).sort()).toEqual([202, 409]);
    expect(requests.find((r) => r.status === 409)?.body).toEqual({
      error: 'The customer already has a USD virtual account',
    });
    expect(verdicts.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await approve()).toMatchObject({
      status: 409,
      body: { error: 'Only a PENDING virtual account can be approved; this one is ACTIVE' },
    });
  });

  it('refuses another currency, an unverified customer and unknown ids', async () => {
    const { key, customerId } = await givenVerified();
    const unverified = await givenCustomer(request, key, { approved: false });

    expect(
      // EUR is offered now, as on Compose (shared/compose/README.md); another currency is still refused.
      await request('POST', `/customers/${customerId}/virtual-account`, { key, body: { currency: 'GBP' } }),
    ).toMatchObject({ status: 400, body: { error: 'currency: Must be one of: USD, EUR' } });
    expect(
      await request('POST', `/customers/${unverified}/virtual-account`, { key, body: { currency: 'USD' } }),
    ).toMatchObject({ status: 403 });
    expect(
      await request('POST', `/sandbox/customers/${customerId}/virtual-accounts/${MISSING}/approve`, { key }),
    ).toMatchObject({ status: 404, body: { error: 'Virtual account not found' } });
    expect(await request('GET', `/customers/${MISSING}/virtual-accounts`, { key })).toMatchObject({
      status: 404,
      body: { error: 'Customer not found' },
    });
  });

  it('is approved by the operator through the admin CLI by its id alone', async () => {
    const { key, customerId } = await givenVerified();
    const requested = await request<VirtualAccount>('POST', `/customers/${customerId}/virtual-account`, {
      key,
      body: { currency: 'USD' },
    });

    const approved = (await admin('virtual-account', 'approve', requested.body.id)) as VirtualAccount;

    expect(approved).toMatchObject({ id: requested.body.id, status: 'APPROVED' });
    expect(isValidIBAN(approved.iban ?? '')).toBe(true);
  });
});

describe('deposit details of a live organization', () => {
  async function givenLive() {
    const org = await givenOrganization(deps, { environment: 'live' });
    const customerId = await givenCustomer(request, org.apiKey, { approved: false });
    // A live organization's KYC comes from its provider; the use case stands in for its approval here.
    await approveKyc(deps, { organizationId: org.organizationId, customerId });
    return { org, key: org.apiKey, customerId };
  }

  it('never shows a placeholder receiving bank: 503 naming the setting, for EUR and USD', async () => {
    const live = await givenLive();
    for (const currency of ['eur', 'usd']) {
      const answer = await request('GET', detailsOf(live.customerId, `currency=${currency}`), { key: live.key });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        error: expect.stringContaining(`No ${currency.toUpperCase()} receiving bank is configured for live deposits`),
      });
      expect(JSON.stringify(answer.body)).toContain('receivingBanks');
    }
  });

  it("shows the organization's own EUR receiving bank", async () => {
    const live = await givenLive();
    await admin(
      'org',
      'update',
      live.org.organizationId,
      '--eur-bank-name',
      'ABN AMRO Bank N.V.',
      '--eur-iban',
      'NL91ABNA0417164300',
      '--eur-bic',
      'ABNANL2A',
      '--eur-account-name',
      'Acme Payments B.V.',
    );
    const answer = await request<{ iban: string }>('GET', detailsOf(live.customerId, 'currency=eur'), {
      key: live.key,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.iban).toBe('NL91ABNA0417164300');
  });
});
