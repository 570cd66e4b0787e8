import { describe, expect, it } from 'vitest';
import { getAllowanceUsage } from '#shared/ledger/allowance-repository.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { eventsOfTransaction, givenBank, givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

const deps = integrationDeps();
const { request } = useApi();

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('create withdrawal against DynamoDB Local', () => {
  it('executes at once when balance and allowance suffice: PROCESSING, both reserved, one created event', async () => {
    const payee = await givenPayee(deps, request, { balance: '250' });

    const created = await payee.withdraw({ idempotencyKey: 'wd-1', sourceAmount: '100' });

    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
    expect(created.body).toEqual({
      id: expect.stringMatching(UUID_V4),
      customerId: payee.customerId,
      type: 'WITHDRAWAL',
      status: 'PROCESSING',
      requiresUiAction: false,
      createdAt: expect.stringMatching(ISO),
      updatedAt: created.body.createdAt,
      completedAt: null,
      reference: expect.stringMatching(/^WD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/),
      sourceCurrency: 'USDC',
      targetCurrency: 'EUR',
      sourceAmount: '100.00',
      // fee max(1.00, 100 * 0.5 %) = 1.00; (100 - 1) * 0.92 = 91.08
      targetAmount: '91.08',
      exchangeRate: '0.92',
      fee: '1.00',
      paymentRail: 'SEPA',
      withdrawalBank: {
        id: payee.bankId,
        beneficiaryName: 'Ada Lovelace',
        currency: 'EUR',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        accountNumber: null,
        routingNumber: null,
      },
      depositInstructions: null,
      walletAddress: null,
      developerFee: null,
      txHash: null,
      failureReason: null,
      returnedAt: null,
      requestedPaymentRail: null,
      settlementRail: null,
      railFallbackReason: null,
      expectedSettlementAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/),
    });
    const fetched = await request(`GET`, `/customers/${payee.customerId}/transactions/${created.body.id}`, {
      key: payee.key,
    });
    expect(fetched).toMatchObject({ status: 200, body: created.body });
    expect(await request('GET', `/customers/${payee.customerId}/balance`, { key: payee.key })).toMatchObject({
      status: 200,
      body: {
        customerId: payee.customerId,
        currency: 'usdc',
        balance: '250.00',
        availableBalance: '150.00',
        lockedBalance: '100.00',
      },
    });
    expect(await request('GET', '/customers/withdrawal/allowance', { key: payee.key })).toMatchObject({
      status: 200,
      body: {
        enabled: true,
        allowance: {
          limit: '10000.00',
          spent: '100.00',
          available: '9900.00',
          resetPeriodMinutes: 1440,
          nextResetAt: expect.stringMatching(ISO),
        },
      },
    });
    const events = await eventsOfTransaction(deps, created.body.id);
    expect(events).toEqual([
      expect.objectContaining({
        event_type: 'withdrawal.created',
        org_id: payee.org.organizationId,
        data: { transaction_id: created.body.id, customer_id: payee.customerId, status: 'PROCESSING' },
      }),
    ]);
  });

  it('pays out to a bank created through the bank routes', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });
    const bank = await request<{ id: string; status: string }>(
      'POST',
      `/customers/${payee.customerId}/withdrawal/banks`,
      {
        key: payee.key,
        body: { beneficiaryName: 'Ada Lovelace', iban: 'FR14 2004 1010 0505 0001 3M02 606', bic: 'PSSTFRPPLIL' },
      },
    );
    expect(bank.body.status).toBe('ACTIVE');

    const created = await payee.withdraw({
      withdrawalBankId: bank.body.id,
      idempotencyKey: 'real-bank',
      sourceAmount: '50',
    });

    expect(created).toMatchObject({
      status: 201,
      body: {
        status: 'PROCESSING',
        withdrawalBank: {
          id: bank.body.id,
          beneficiaryName: 'Ada Lovelace',
          currency: 'EUR',
          iban: 'FR1420041010050500013M02606',
          bic: 'PSSTFRPPLIL',
          accountNumber: null,
          routingNumber: null,
        },
      },
    });
  });

  it('finds the smallest source amount for a target amount, to a USD bank', async () => {
    const payee = await givenPayee(deps, request, { balance: '1000', bank: { currency: 'USD' } });

    const created = await payee.withdraw({ idempotencyKey: 'wd-usd', targetAmount: '250.00' });

    expect(created).toMatchObject({
      status: 201,
      body: {
        targetCurrency: 'USD',
        // 251.256282 - fee 1.256282 (0.5 %, rounded up) = 250.000000 -> 250.00 USD at 1.00
        sourceAmount: '251.256282',
        fee: '1.256282',
        targetAmount: '250.00',
        exchangeRate: '1.00',
        withdrawalBank: { currency: 'USD', iban: null, bic: null, accountNumber: '000123456789' },
      },
    });
  });

  it("quotes at the organization's own sandbox rates once it sets them, and only its own", async () => {
    const payee = await givenPayee(deps, request, { balance: '1000' });
    const other = await givenPayee(deps, request, { balance: '1000' });

    const set = await request('POST', '/sandbox/exchange-rates', { key: payee.key, body: { EUR: '0.5' } });
    const mine = await payee.withdraw({ idempotencyKey: 'rate-1', sourceAmount: '101' });
    const theirs = await other.withdraw({ idempotencyKey: 'rate-1', sourceAmount: '101' });

    expect(set).toMatchObject({ status: 200, body: { rates: { EUR: '0.5', USD: '1.00' } } });
    expect(mine.body).toMatchObject({ exchangeRate: '0.50', targetAmount: '50.00' });
    expect(theirs.body).toMatchObject({ exchangeRate: '0.92', targetAmount: '92.00' });
    expect(await request('POST', '/sandbox/exchange-rates', { key: payee.key, body: {} })).toMatchObject({
      status: 400,
      body: { error: 'Provide EUR, USD or both' },
    });
  });

  it('proposes instead when the balance is short, reserving nothing', async () => {
    const payee = await givenPayee(deps, request, { balance: '50' });

    const created = await payee.withdraw({ idempotencyKey: 'short', sourceAmount: '50.000001' });

    expect(created.body).toMatchObject({ status: 'PROPOSED', requiresUiAction: true });
    expect(await getBalance(deps.db, payee.org.organizationId, payee.customerId)).toEqual({
      available: 50_000_000n,
      locked: 0n,
    });
    expect(await getAllowanceUsage(deps.db, payee.org.organizationId)).toBeUndefined();
  });

  it('proposes instead when the allowance is short, reserving nothing', async () => {
    const payee = await givenPayee(deps, request, { balance: '500' });
    await request('POST', '/sandbox/allowance', { key: payee.key, body: { limit: '99.99', resetPeriodMinutes: 0 } });

    const created = await payee.withdraw({ idempotencyKey: 'over', sourceAmount: '100' });

    expect(created.body).toMatchObject({ status: 'PROPOSED', requiresUiAction: true });
    expect(await getBalance(deps.db, payee.org.organizationId, payee.customerId)).toEqual({
      available: 500_000_000n,
      locked: 0n,
    });
    const allowance = await request('GET', '/customers/withdrawal/allowance', { key: payee.key });
    expect(allowance.body).toEqual({
      enabled: true,
      allowance: { limit: '99.99', spent: '0.00', available: '99.99', resetPeriodMinutes: 0, nextResetAt: null },
    });
  });

  it('answers bad requests in the contract order and writes nothing', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });
    const otherCustomer = await request<{ customerId: string }>('POST', '/customers', {
      key: payee.key,
      body: { name: 'Bob', accountType: 'individual', email: 'bob@example.com' },
    });
    const otherBank = await givenBank(deps, payee.org.organizationId, otherCustomer.body.customerId);
    const pendingBank = await givenBank(deps, payee.org.organizationId, payee.customerId, { status: 'PENDING' });
    const missing = '00000000-0000-4000-8000-000000000000';
    const path = `/customers/${payee.customerId}/withdrawal`;
    const cases: [string, Record<string, unknown>, number, string][] = [
      [
        path,
        { withdrawalBankId: payee.bankId, idempotencyKey: 'k' },
        400,
        'Provide either sourceAmount or targetAmount',
      ],
      [
        path,
        { withdrawalBankId: payee.bankId, idempotencyKey: 'k', sourceAmount: '1', targetAmount: '1' },
        400,
        'Provide either sourceAmount or targetAmount, not both',
      ],
      [
        path,
        { withdrawalBankId: payee.bankId, sourceAmount: '10' },
        400,
        'idempotencyKey: Required: send an Idempotency-Key header or an idempotencyKey field in the body',
      ],
      [
        path,
        { withdrawalBankId: payee.bankId, idempotencyKey: 'no spaces', sourceAmount: '10' },
        400,
        'idempotencyKey: Must be 1-255 characters of A-Z, a-z, 0-9, _ - . :',
      ],
      [
        path,
        { withdrawalBankId: payee.bankId, idempotencyKey: 'k', sourceAmount: '10.1234567' },
        400,
        'sourceAmount: Must be a decimal string with at most 6 decimal places',
      ],
      [
        path,
        { withdrawalBankId: payee.bankId, idempotencyKey: 'k', targetAmount: '10.123' },
        400,
        'targetAmount: Must be a decimal string with at most 2 decimal places',
      ],
      [
        path,
        { withdrawalBankId: payee.bankId, idempotencyKey: 'k', sourceAmount: 10 },
        400,
        'sourceAmount: Must be a decimal string',
      ],
      [
        path,
        { withdrawalBankId: payee.bankId, idempotencyKey: 'k', sourceAmount: '10', memo: 'x' },
        400,
        'memo: Unrecognized field',
      ],
      [
        `/customers/${missing}/withdrawal`,
        { withdrawalBankId: payee.bankId, idempotencyKey: 'k', sourceAmount: '10' },
        404,
        'Customer not found',
      ],
      [
        `/customers/${otherCustomer.body.customerId}/withdrawal`,
        { withdrawalBankId: otherBank, idempotencyKey: 'k', sourceAmount: '10' },
        403,
        'Customer KYC verification must be completed',
      ],
      [path, { withdrawalBankId: missing, idempotencyKey: 'k', sourceAmount: '10' }, 404, 'Withdrawal bank not found'],
      [
        path,
        { withdrawalBankId: otherBank, idempotencyKey: 'k', sourceAmount: '10' },
        404,
        'Withdrawal bank not found',
      ],
      [
        path,
        { withdrawalBankId: pendingBank, idempotencyKey: 'k', sourceAmount: '10' },
        400,
        'withdrawalBankId: Withdrawal bank is not active',
      ],
      [
        path,
        { withdrawalBankId: payee.bankId, idempotencyKey: 'k', sourceAmount: '1.00' },
        400,
        'sourceAmount: Amount must be greater than the fee',
      ],
      [
        path,
        { withdrawalBankId: payee.bankId, idempotencyKey: 'k', sourceAmount: '1000000.000001' },
        400,
        'sourceAmount: Amount exceeds the maximum of 1000000.00 USDC per withdrawal',
      ],
      [
        path,
        { withdrawalBankId: payee.bankId, idempotencyKey: 'k', targetAmount: '920000.00' },
        400,
        'targetAmount: Amount exceeds the maximum of 1000000.00 USDC per withdrawal',
      ],
    ];
    for (const [at, body, status, error] of cases) {
      expect(await request('POST', at, { key: payee.key, body }), error).toMatchObject({ status, body: { error } });
    }
    const listed = await request<Transaction[]>('GET', `/customers/${payee.customerId}/transactions?type=withdrawal`, {
      key: payee.key,
    });
    expect(listed).toMatchObject({ status: 200, body: [] });
    expect(await getBalance(deps.db, payee.org.organizationId, payee.customerId)).toEqual({
      available: 100_000_000n,
      locked: 0n,
    });
  });

  it('refuses with 403 when API withdrawals are off for the organization', async () => {
    const payee = await givenPayee(deps, request, { organization: { apiWithdrawals: false } });

    const refused = await payee.withdraw({ idempotencyKey: 'k', sourceAmount: '10' });

    expect(refused).toMatchObject({
      status: 403,
      body: { error: 'API withdrawals are not enabled for your organization' },
    });
  });
});

describe('sandbox executor faults against DynamoDB Local', () => {
  it('fails the next execution at start: back to PROPOSED with both reservations released and the change recorded', async () => {
    const payee = await givenPayee(deps, request, { balance: '100' });
    expect(await request('POST', '/sandbox/faults', { key: payee.key, body: { failNextExecutions: 1 } })).toMatchObject(
      { status: 200, body: { failNextExecutions: 1 } },
    );

    const failed = await payee.withdraw({ idempotencyKey: 'fault-1', sourceAmount: '40' });
    const next = await payee.withdraw({ idempotencyKey: 'fault-2', sourceAmount: '40' });

    expect(failed.body).toMatchObject({ status: 'PROPOSED', requiresUiAction: true });
    expect(next.body).toMatchObject({ status: 'PROCESSING' });
    expect(await getBalance(deps.db, payee.org.organizationId, payee.customerId)).toEqual({
      available: 60_000_000n,
      locked: 40_000_000n,
    });
    expect((await getAllowanceUsage(deps.db, payee.org.organizationId))?.spent).toBe(40_000_000n);
    const events = await eventsOfTransaction(deps, failed.body.id);
    expect(events.map((e) => [e.event_type, e.data.status, e.data.previous_status])).toEqual([
      ['withdrawal.created', 'PROCESSING', undefined],
      ['withdrawal.status_changed', 'PROPOSED', 'PROCESSING'],
    ]);
  });
});
