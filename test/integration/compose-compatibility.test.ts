import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BANK, DEMO_CUSTOMER, demoCustomers } from '#test/support/compose/demo-requests.ts';
import { eventsWhere } from '#test/support/customers/customer-events.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { startTestChain, type TestChain } from '#test/support/rails/local-chain.ts';

/**
 * Compose Finance's customers API v2, request by request, with exactly the bodies its public material sends:
 * the demo app (github composefinance/api-demo-app, `demo.jsx`, step ids in quotes) and the doc pages
 * (compose.finance/docs/api/...). Each test names its source; the answers are checked for Compose's fields,
 * JSON types and texts. The compatibility table is in shared/compose/README.md.
 */
const deps = integrationDeps();
const { request } = useApi();

type Body = Record<string, unknown>;
const givenVerifiedDemoCustomer = demoCustomers(deps, request);

/** Test-only: the event types of one virtual account, by the `correlation_id` Compose's payloads carry. */
async function virtualAccountEvents(virtualAccountId: string) {
  return (await eventsWhere(deps, 'correlation_id', virtualAccountId)).sort((a, b) =>
    a.event_type.localeCompare(b.event_type),
  );
}

describe('Compose customers API v2, with the bodies of its demo app and docs', () => {
  it('createCustomer (demo "create"): a JSON-number volume, 201, answered as a number with the kyc object', async () => {
    const org = await givenOrganization(deps);

    const created = await request<Body>('POST', '/customers', { key: org.apiKey, body: DEMO_CUSTOMER });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      customerId: expect.any(String),
      email: 'marco.rossi@example.com',
      name: 'MARCO ROSSI',
      accountType: 'individual',
      expectedMonthlyVolume: 25000,
      kycVerified: false,
    });
    const list = await request<Body[]>('GET', '/customers', { key: org.apiKey });
    expect(list.body[0]).toMatchObject({ customerId: created.body.customerId, expectedMonthlyVolume: 25000 });
  });

  it('createCustomer: a truly unknown field is still a 400 that names it', async () => {
    const org = await givenOrganization(deps);

    const refused = await request('POST', '/customers', { key: org.apiKey, body: { ...DEMO_CUSTOMER, nickname: 'M' } });

    expect(refused).toMatchObject({ status: 400, body: { error: 'nickname: Unrecognized field' } });
  });

  it('getCustomer (docs getCustomer, demo "verify"): the kyc object with steps', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();

    const fetched = await request<Body>('GET', `/customers/${customerId}`, { key });

    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({
      customerId,
      expectedMonthlyVolume: 25000,
      kyc: {
        kycVerified: true,
        stepsStatus: 'approved',
        attempts: 1,
        levelName: 'customers-api-basic',
        steps: {
          identity: { status: 'approved', documentType: 'PASSPORT', documentsCount: 1 },
          proofOfAddress: { status: 'approved', documentType: 'UTILITY_BILL', documentsCount: 1 },
          questionnaire: { status: 'approved' },
        },
      },
    });
  });

  it('submitCustomerKyc (docs kyc-verification/submitCustomerKyc): initiate first, then 200 with the message', async () => {
    const org = await givenOrganization(deps);
    const created = await request<Body>('POST', '/customers', { key: org.apiKey, body: DEMO_CUSTOMER });
    const path = `/customers/${created.body.customerId as string}`;

    const early = await request<Body>('POST', `${path}/kyc/submit`, { key: org.apiKey });
    await request('POST', `${path}/kyc`, { key: org.apiKey });
    const submitted = await request<Body>('POST', `${path}/kyc/submit`, { key: org.apiKey });
    const again = await request<Body>('POST', `${path}/kyc/submit`, { key: org.apiKey });

    expect(early).toMatchObject({
      status: 400,
      body: { error: 'Customer must initiate KYC verification first. Call POST /customers/{customerId}/kyc to start.' },
    });
    expect(submitted).toMatchObject({
      status: 200,
      body: { success: true, message: 'KYC verification submitted for review successfully.' },
    });
    expect(again).toMatchObject({
      status: 409,
      body: { error: expect.stringMatching(/^Verification review is already in progress/) },
    });
    const customer = await request<Body>('GET', path, { key: org.apiKey });
    expect(customer.body.kyc).toMatchObject({ stepsStatus: 'pending', attempts: 1, levelName: 'customers-api-basic' });
  });

  it('createCustomerWithdrawalBank (demo "wd-bank") then createCustomerWithdrawal (demo "wd-create"), 201 each', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    await request('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount: '2000' } });

    const bank = await request<Body>('POST', `/customers/${customerId}/withdrawal/banks`, { key, body: DEMO_BANK });
    expect(bank.status).toBe(201);
    expect(bank.body).toMatchObject({
      customerId,
      beneficiaryName: 'MARCO ROSSI',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      currency: 'EUR',
      paymentRail: 'SEPA',
      recipientType: 'CUSTOMER',
      status: 'ACTIVE',
    });
    const withdrawalBankId = bank.body.id as string;

    // The demo's exact body, then the same with `sourceCurrency: "USDC"` as integrations also send it.
    const demo = await request<Body>('POST', `/customers/${customerId}/withdrawal`, {
      key,
      body: { sourceAmount: '1000', withdrawalBankId, idempotencyKey: `wd_${Date.now()}` },
    });
    const withCurrency = await request<Body>('POST', `/customers/${customerId}/withdrawal`, {
      key,
      body: { sourceAmount: '500', sourceCurrency: 'USDC', withdrawalBankId, idempotencyKey: `wd_${Date.now()}_2` },
    });

    for (const created of [demo, withCurrency]) {
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        type: 'WITHDRAWAL',
        status: 'PROCESSING',
        requiresUiAction: false,
        completedAt: null,
        sourceCurrency: 'USDC',
        targetCurrency: 'EUR',
        paymentRail: 'SEPA',
        withdrawalBank: { id: withdrawalBankId, beneficiaryName: 'MARCO ROSSI', iban: 'DE89370400440532013000' },
        walletAddress: null,
        developerFee: null,
        txHash: null,
      });
      for (const field of ['sourceAmount', 'targetAmount', 'exchangeRate', 'fee']) {
        expect(typeof created.body[field]).toBe('string');
      }
    }
    const refused = await request('POST', `/customers/${customerId}/withdrawal`, {
      key,
      body: { sourceAmount: '5', sourceCurrency: 'EURC', withdrawalBankId, idempotencyKey: 'wd_eurc' },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: 'sourceCurrency: Must be USDC' } });
  });

  it('createCustomerWithdrawalBank (docs, SWIFT rail): created PENDING for review, ACTIVE once approved', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();

    const bank = await request<Body>('POST', `/customers/${customerId}/withdrawal/banks`, {
      key,
      body: {
        beneficiaryName: 'MARCO ROSSI',
        currency: 'USD',
        paymentRail: 'SWIFT',
        accountNumber: '000123456789',
        bic: 'CHASUS33',
        bankName: 'JPMorgan Chase Bank, N.A.',
        bankAddress: '383 Madison Avenue, New York, NY 10179',
        bankCountry: 'US',
      },
    });

    expect(bank.status).toBe(201);
    expect(bank.body).toMatchObject({ paymentRail: 'SWIFT', currency: 'USD', status: 'PENDING', bic: 'CHASUS33' });
    const approved = await request<Body>(
      'POST',
      `/sandbox/customers/${customerId}/withdrawal/banks/${bank.body.id as string}/approve`,
      { key },
    );
    expect(approved).toMatchObject({ status: 200, body: { status: 'ACTIVE', paymentRail: 'SWIFT' } });
    await request('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount: '100' } });
    const withdrawal = await request<Body>('POST', `/customers/${customerId}/withdrawal`, {
      key,
      body: { sourceAmount: '50', withdrawalBankId: bank.body.id, idempotencyKey: 'wd_swift' },
    });
    expect(withdrawal).toMatchObject({ status: 201, body: { targetCurrency: 'USD', paymentRail: 'SWIFT' } });
  });

  it('getCustomerDepositDetails (docs, newer page): paymentRail alone, with warningText as the demo reads it', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();

    for (const [rail, currency] of [
      ['SEPA', 'eur'],
      ['FEDWIRE', 'usd'],
      ['SWIFT', 'usd'],
    ] as const) {
      const details = await request<Body>('GET', `/customers/${customerId}/deposit?paymentRail=${rail}`, { key });
      expect(details.status).toBe(200);
      expect(details.body).toMatchObject({ customerId, currency, paymentRail: rail, depositModel: 'reference' });
      expect(details.body.warningText).toEqual(expect.any(String));
      expect(details.body.warningText).toBe(details.body.warning);
    }
    // The demo's own call ("deposit") still works.
    const demo = await request<Body>('GET', `/customers/${customerId}/deposit?currency=eur`, { key });
    expect(demo).toMatchObject({ status: 200, body: { currency: 'eur', paymentRail: 'SEPA' } });
  });

  it('deleteCustomerWallet (docs, demo "wm-delete"): success and message; unknown ids are 404 "Wallet not found"', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    const wallet = await request<Body>('POST', `/customers/${customerId}/deposit/wallets`, {
      key,
      body: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', currency: 'usdc', chain: 'base' },
    });
    expect(wallet.status).toBe(201);

    const deleted = await request('DELETE', `/customers/${customerId}/deposit/wallets/${wallet.body.id as string}`, {
      key,
    });

    expect(deleted).toMatchObject({ status: 200, body: { success: true, message: 'Wallet deleted successfully' } });
    for (const method of ['GET', 'DELETE']) {
      // The demo's own wallet id form, and the deleted wallet.
      for (const id of ['wallet_abc123', wallet.body.id as string]) {
        expect(await request(method, `/customers/${customerId}/deposit/wallets/${id}`, { key })).toMatchObject({
          status: 404,
          body: { error: 'Wallet not found' },
        });
      }
    }
    expect(
      await request('PATCH', `/customers/${customerId}/deposit/wallets/wallet_abc123`, {
        key,
        body: { address: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB' },
      }),
    ).toMatchObject({ status: 404, body: { error: 'Wallet not found' } });
  });

  it('getCustomerTransactions (docs getCustomerTransactions): a deposit carries depositInstructions {accountType, reference}', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    const details = await request<Body>('GET', `/customers/${customerId}/deposit?paymentRail=SEPA`, { key });
    await request('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount: '250' } });

    const list = await request<Body[]>('GET', `/customers/${customerId}/transactions`, { key });
    const deposit = list.body.find((transaction) => transaction.type === 'DEPOSIT');
    const single = await request<Body>('GET', `/customers/${customerId}/transactions/${deposit?.id as string}`, {
      key,
    });

    expect(deposit?.depositInstructions).toEqual({ accountType: 'sharedAccount', reference: details.body.reference });
    expect(single.body.depositInstructions).toEqual(deposit?.depositInstructions);
  });

  it('getCustomerTransaction (docs, demo "txn-detail"): an unknown id of any form is 404 "Transaction not found"', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();

    for (const id of ['txn_7f8a9b0c1d2e', '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c']) {
      expect(await request('GET', `/customers/${customerId}/transactions/${id}`, { key })).toMatchObject({
        status: 404,
        body: { error: 'Transaction not found' },
      });
    }
    // The customer is checked first, as for every other customer path.
    expect(
      await request('GET', '/customers/550e8400-e29b-41d4-a716-446655440001/transactions/txn_7f8a9b0c1d2e', { key }),
    ).toMatchObject({ status: 404, body: { error: 'Customer not found' } });
  });

  it('virtual accounts (demo "va-create", "va-poll", "va-list"): EUR, 202 PENDING, then APPROVED with the IBAN', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();

    const created = await request<Body>('POST', `/customers/${customerId}/virtual-account`, {
      key,
      body: { currency: 'EUR' },
    });

    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      customerId,
      status: 'PENDING',
      virtualAccountId: created.body.id,
      virtualAccount: null,
      message:
        'Virtual account creation initiated. IBAN will be provided via webhook once the provider processes the request.',
    });
    const virtualAccountId = created.body.virtualAccountId as string;
    await request('POST', `/sandbox/customers/${customerId}/virtual-accounts/${virtualAccountId}/approve`, { key });
    const polled = await request<Body>(
      'GET',
      `/customers/${customerId}/virtual-account?virtualAccountId=${virtualAccountId}`,
      { key },
    );
    expect(polled).toMatchObject({
      status: 200,
      body: {
        customerId,
        status: 'APPROVED',
        virtualAccountId,
        message: 'Virtual account is active',
        virtualAccount: {
          iban: expect.stringMatching(/^GB\d{2}/),
          bic: expect.any(String),
          accountName: 'MARCO ROSSI',
          accountNumber: expect.stringMatching(/^\d{8}$/),
          // What KYC holds (the sandbox approval's sample address, its country as the nationality; no birth date given).
          addressDetails: {
            addressLine1: 'Friedrichstraße 123',
            city: 'Berlin',
            postcode: '10117',
            country: 'DE',
            nationality: 'DE',
            dateOfBirth: null,
          },
          bankName: expect.any(String),
        },
      },
    });
    expect(
      await request('GET', `/customers/${customerId}/virtual-account?virtualAccountId=corr-a8f3k-9xm2p`, { key }),
    ).toMatchObject({ status: 404, body: { error: 'Virtual account not found' } });
    const list = await request<Body[]>('GET', `/customers/${customerId}/virtual-accounts`, { key });
    expect(list.body).toEqual([polled.body]);
    expect(await virtualAccountEvents(virtualAccountId)).toEqual([
      expect.objectContaining({
        event_type: 'virtual_account.approved',
        data: { correlation_id: virtualAccountId, customer_id: customerId, status: 'APPROVED' },
      }),
      expect.objectContaining({
        event_type: 'virtual_account.created',
        data: { correlation_id: virtualAccountId, customer_id: customerId, status: 'PENDING' },
      }),
    ]);
  });

  it("getVirtualAccount (docs virtual-accounts/getVirtualAccount): without virtualAccountId, 400 with the docs' text", async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    await request('POST', `/customers/${customerId}/virtual-account`, { key, body: { currency: 'EUR' } });

    const refused = await request('GET', `/customers/${customerId}/virtual-account`, { key });

    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: 'virtualAccountId query parameter is required. Use GET /virtual-accounts to list all virtual accounts.',
        fields: { virtualAccountId: 'Required' },
      },
    });
  });

  it('getIndicativeRate (docs getIndicativeRate): snake_case quote, the rate a withdrawal made now gets', async () => {
    const { key, customerId } = await givenVerifiedDemoCustomer();
    await request('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount: '2000' } });
    const bank = await request<Body>('POST', `/customers/${customerId}/withdrawal/banks`, { key, body: DEMO_BANK });

    const rate = await request<Body>('GET', '/rates?source_currency=usdc&target_currency=EUR&source_amount=1000', {
      key,
    });
    const withdrawal = await request<Body>('POST', `/customers/${customerId}/withdrawal`, {
      key,
      body: { sourceAmount: '1000', withdrawalBankId: bank.body.id, idempotencyKey: 'wd_rate' },
    });

    expect(rate).toMatchObject({
      status: 200,
      body: {
        source_currency: 'USDC',
        target_currency: 'EUR',
        source_amount: withdrawal.body.sourceAmount,
        target_amount: withdrawal.body.targetAmount,
        exchange_rate: withdrawal.body.exchangeRate,
        fee: withdrawal.body.fee,
        fee_currency: 'USDC',
      },
    });
    const byTarget = await request<Body>('GET', '/rates?source_currency=USDC&target_currency=EUR&target_amount=910', {
      key,
    });
    expect(byTarget).toMatchObject({ status: 200, body: { target_amount: '910.00' } });
    for (const [query, error] of [
      ['source_currency=USDC&target_currency=EUR', 'Provide exactly one of source_amount or target_amount'],
      [
        'source_currency=USDC&target_currency=EUR&source_amount=1&target_amount=1',
        'Provide exactly one of source_amount or target_amount',
      ],
      [
        'source_currency=EUR&target_currency=EURC&source_amount=1000',
        'Unsupported currency pair: quotes are offered for USDC to EUR or USD, and EUR or USD to USDC',
      ],
      [
        'source_currency=USDC&target_currency=EUR&target_amount=910.001',
        'target_amount: Must be a decimal string with at most 2 decimal places',
      ],
    ]) {
      expect(await request('GET', `/rates?${query}`, { key })).toMatchObject({ status: 400, body: { error } });
    }
  });
});

describe('Compose utilities, on the local chain', () => {
  let chain: TestChain | undefined;
  beforeAll(async () => {
    chain = await startTestChain();
    // Read by the route on its first request, as `npm start` and the CDK stack set it.
    process.env.CHAIN_RPC = JSON.stringify({ base: { url: chain.rpcUrl } });
  }, 60_000);
  afterAll(async () => {
    await chain?.stop();
  });

  it('verifyAddress (docs utilities/verifyAddress): the curl body, 200 with the five fields and their types', async () => {
    const org = await givenOrganization(deps);

    const res = await request<Body>('POST', '/verify-address', {
      key: org.apiKey,
      body: { address: '0x1234567890abcdef1234567890abcdef12345678' },
    });

    expect(res.status).toBe(200);
    // The docs' example answer, field for field; our extra `address`, `chain`, `safe` are ignored by Compose clients.
    expect(res.body).toMatchObject({ isValid: true, isContract: false, isSafeWallet: false, errors: [] });
    expect(res.body.warnings).toEqual([expect.stringMatching(/no EIP-55 checksum/)]);
    expect(await request('POST', '/verify-address', { key: org.apiKey, body: {} })).toMatchObject({
      status: 400,
      body: { error: 'address: Required' },
    });
  });
});
