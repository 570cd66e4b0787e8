import { describe, expect, it } from 'vitest';
import { DEMO_BANK, DEMO_CUSTOMER, demoCustomers } from '#test/support/compose/demo-requests.ts';
import { postDocument, SAMPLE_FILES } from '#test/support/customers/document-uploads.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

/**
 * The Compose operations the other compatibility files only touch on the way, one test each, with the bodies and
 * answers of Compose's pages (compose.finance/docs/api/...) and demo steps (`demo.jsx`). Together with
 * compose-compatibility.test.ts and compose-developer-fees.test.ts: every row of shared/compose/README.md.
 */
const deps = integrationDeps();
const { request } = useApi();
const givenVerifiedDemoCustomer = demoCustomers(deps, request);

type Body = Record<string, unknown>;

const ISO_TIME = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe('Compose operations, one by one', () => {
  it('listCustomers (docs customers/listCustomers): a plain array of customer objects', async () => {
    const org = await givenOrganization(deps);
    await request('POST', '/customers', { key: org.apiKey, body: DEMO_CUSTOMER });

    const list = await request<Body[]>('GET', '/customers', { key: org.apiKey });

    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        customerId: expect.any(String),
        email: 'marco.rossi@example.com',
        name: 'MARCO ROSSI',
        accountType: 'individual',
        expectedMonthlyVolume: 25000,
      }),
    ]);
  });

  it('initiateCustomerKyc (docs kyc-verification/initiateCustomerKyc): a link for individuals, 400 for corporates', async () => {
    const org = await givenOrganization(deps);
    const key = org.apiKey;
    const person = await request<Body>('POST', '/customers', { key, body: DEMO_CUSTOMER });
    const company = await request<Body>('POST', '/customers', {
      key,
      body: { ...DEMO_CUSTOMER, name: 'ROSSI SRL', accountType: 'corporate' },
    });

    const link = await request<Body>('POST', `/customers/${person.body.customerId}/kyc`, { key });
    const refused = await request<Body>('POST', `/customers/${company.body.customerId}/kyc`, { key });

    expect(link).toMatchObject({ status: 200, body: { kycVerified: false, kycFlowLink: expect.any(String) } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/^KYC link generation is not available for corporate customers/);
  });

  it("uploadCustomerDocument (docs kyc-verification/uploadCustomerDocument, the demo's form fields): 200 with the shape", async () => {
    const org = await givenOrganization(deps);
    const key = org.apiKey;
    const created = await request<Body>('POST', '/customers', { key, body: DEMO_CUSTOMER });
    const path = `/customers/${created.body.customerId}/documents`;
    await request('POST', `/customers/${created.body.customerId}/kyc`, { key });

    const front = await postDocument(
      request,
      path,
      key,
      { idDocType: 'ID_CARD', idDocSubType: 'FRONT_SIDE', country: 'GBR' },
      { bytes: SAMPLE_FILES.jpeg, filename: 'id-front.jpg', type: 'image/jpeg' },
    );

    expect(front).toMatchObject({
      status: 200,
      body: { success: true, idDocType: 'ID_CARD', idDocSubType: 'FRONT_SIDE', country: 'GBR', reviewTriggered: false },
    });
  });

  it('getCustomerAddress (docs kyc-verification/getCustomerAddress): the flat address once verified, 403 before', async () => {
    const org = await givenOrganization(deps);
    const key = org.apiKey;
    const created = await request<Body>('POST', '/customers', { key, body: DEMO_CUSTOMER });
    const customerId = created.body.customerId as string;

    const before = await request<Body>('GET', `/customers/${customerId}/kyc/address`, { key });
    await request('POST', `/sandbox/customers/${customerId}/kyc/approve`, { key });
    const after = await request<Body>('GET', `/customers/${customerId}/kyc/address`, { key });

    expect(before).toMatchObject({
      status: 403,
      body: { error: 'Customer KYC verification must be completed before retrieving address' },
    });
    expect(after.status).toBe(200);
    expect(Object.keys(after.body).sort()).toEqual(['addressLine1', 'city', 'country', 'postalCode']);
    expect(after.body.country).toMatch(/^[A-Z]{2}$/);
  });

  it('getCustomerWithdrawalBanks (docs withdrawals/getCustomerWithdrawalBanks): banks with their deposit wallets', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    await request('POST', `/customers/${customerId}/withdrawal/banks`, { key, body: DEMO_BANK });

    const banks = await request<Body[]>('GET', `/customers/${customerId}/withdrawal/banks`, { key });

    expect(banks.status).toBe(200);
    expect(banks.body[0]).toMatchObject({
      id: expect.any(String),
      beneficiaryName: 'MARCO ROSSI',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      addressLine1: 'Friedrichstraße 123',
      city: 'Berlin',
      country: 'DE',
      currency: 'EUR',
      status: 'ACTIVE',
      createdAt: ISO_TIME,
    });
    const [wallet] = (banks.body[0]?.wallets ?? []) as Body[];
    expect(wallet).toMatchObject({
      id: expect.any(String),
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      currency: 'usdc',
      chain: 'base',
      enabled: true,
      createdAt: ISO_TIME,
      updatedAt: ISO_TIME,
      // Compose's text, naming the chain: a bank has a deposit wallet per chain here.
      instructions: expect.stringMatching(
        /^Send USDC on Base to this address to automatically receive funds in your bank account\. Minimum: 5 USDC\.$/,
      ),
    });
  });

  it('getWithdrawalAllowance (docs withdrawals/getWithdrawalAllowance): enabled and the allowance as strings', async () => {
    const org = await givenOrganization(deps);

    const allowance = await request<Body>('GET', '/customers/withdrawal/allowance', { key: org.apiKey });

    expect(allowance).toMatchObject({
      status: 200,
      body: {
        enabled: expect.any(Boolean),
        allowance: {
          limit: expect.stringMatching(/^\d+\.\d{2,6}$/),
          spent: expect.stringMatching(/^\d+\.\d{2,6}$/),
          available: expect.stringMatching(/^\d+\.\d{2,6}$/),
          resetPeriodMinutes: expect.any(Number),
        },
      },
    });
    expect('nextResetAt' in (allowance.body.allowance as Body)).toBe(true);
  });

  it('createCustomerWallet, getCustomerWallet, listCustomerWallets, updateCustomerWallet (docs deposit-wallets/*, demo "wm-list")', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    const wallets = `/customers/${customerId}/deposit/wallets`;

    // The docs' example: a lower-case address, answered checksummed.
    const created = await request<Body>('POST', wallets, {
      key,
      body: { address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', currency: 'usdc', chain: 'base' },
    });
    const id = created.body.id as string;
    const fetched = await request<Body>('GET', `${wallets}/${id}`, { key });
    const listed = await request<{ wallets: Body[] }>('GET', wallets, { key });
    const updated = await request<Body>('PATCH', `${wallets}/${id}`, {
      key,
      body: { address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
    });
    const other = await request<Body>('POST', wallets, {
      key,
      body: { address: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', currency: 'usdc', chain: 'base' },
    });
    const taken = await request<Body>('PATCH', `${wallets}/${other.body.id as string}`, {
      key,
      body: { address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
    });

    const shape = {
      id,
      customerId,
      currency: 'usdc',
      chain: 'base',
      enabled: true,
      createdAt: ISO_TIME,
      updatedAt: ISO_TIME,
    };
    expect(created).toMatchObject({
      status: 201,
      body: { ...shape, address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    });
    expect(fetched).toMatchObject({ status: 200, body: created.body });
    expect(listed.status).toBe(200);
    expect(listed.body.wallets.map((wallet) => wallet.id)).toContain(id);
    expect(updated).toMatchObject({
      status: 200,
      body: { ...shape, address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
    });
    expect(taken).toMatchObject({ status: 409, body: { error: 'Address already in use by another wallet' } });
  });
  it("createCustomer (docs createCustomer, older page): an invalid e-mail and no name answer Compose's sentences", async () => {
    const org = await givenOrganization(deps);

    const refused = await request('POST', '/customers', {
      key: org.apiKey,
      body: { accountType: 'individual', email: 'marco.rossi@' },
    });

    expect(refused).toEqual(
      expect.objectContaining({
        status: 400,
        body: {
          error: 'Please enter a valid email address, Name is required',
          fields: { name: 'Required', email: 'Invalid email' },
        },
      }),
    );
    // A problem Compose has no sentence for keeps naming its field.
    expect(
      await request('POST', '/customers', { key: org.apiKey, body: { ...DEMO_CUSTOMER, accountType: 'business' } }),
    ).toMatchObject({ status: 400, body: { error: 'accountType: Must be one of: individual, corporate' } });
  });

  it('getIndicativeRate for deposits (demo "rate-deposit", "rate-customer"): fiat to USDC, both ways, with the developer fee', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    await request('PATCH', `/customers/${customerId}/developer-fees`, { key, body: { developerSpreadFeeBps: 100 } });

    const deposit = await request<Body>(
      'GET',
      '/rates?source_currency=EUR&target_currency=USDC&source_amount=1000&deposit_model=REFERENCE',
      { key },
    );
    const forCustomer = await request<Body>(
      'GET',
      `/rates?source_currency=eur&target_currency=usdc&source_amount=1000&customer_id=${customerId}`,
      { key },
    );
    const byTarget = await request<Body>(
      'GET',
      `/rates?source_currency=EUR&target_currency=USDC&target_amount=1076.086955&customer_id=${customerId}`,
      { key },
    );
    const dollars = await request<Body>('GET', '/rates?source_currency=USD&target_currency=USDC&source_amount=250', {
      key,
    });
    // The withdrawal rate the same organization gets: the on-ramp rate is its inverse, rounded down.
    const payout = await request<Body>('GET', '/rates?source_currency=USDC&target_currency=EUR&source_amount=1000', {
      key,
    });

    expect(payout.body.exchange_rate).toBe('0.92');
    expect(deposit).toMatchObject({
      status: 200,
      body: {
        source_currency: 'EUR',
        target_currency: 'USDC',
        source_amount: '1000.00',
        target_amount: '1086.95652',
        exchange_rate: '1.08695652',
        fee: '0.00',
        fee_currency: 'USDC',
        developer_fee: null,
      },
    });
    // 1 % of the 1086.95652 USDC bought is kept, rounded down, as a deposit keeps it.
    expect(forCustomer.body).toMatchObject({
      source_amount: '1000.00',
      target_amount: '1076.086955',
      developer_fee: { amount: '10.869565', currency: 'USDC', developerSpreadFeeBps: 100 },
    });
    expect(byTarget.body).toMatchObject({ source_amount: '1000.00', target_amount: '1076.086955' });
    expect(dollars.body).toMatchObject({ source_currency: 'USD', source_amount: '250.00', target_amount: '250.00' });
    expect(
      await request('GET', '/rates?source_currency=EUR&target_currency=USDC&source_amount=10.001', { key }),
    ).toMatchObject({
      status: 400,
      body: { error: 'source_amount: Must be a decimal string with at most 2 decimal places' },
    });
  });
});
