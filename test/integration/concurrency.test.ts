import { randomBytes, randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { type Bank, eurBank, givenCustomer } from '#test/support/banks/bank-requests.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { assertBankInvariants, assertCustomerInvariants } from '#test/support/invariants.ts';
import { assertLedger, assertTransactionInvariants, type Transaction } from '#test/support/ledger/ledger.ts';

/**
 * Races beyond those each area tests for itself (two identical bank creates, two bank verdicts, concurrent KYC
 * approvals, 50 identical withdrawal creates, balance and allowance races, approve against cancel): larger and
 * mixed storms, each followed by the invariants of the whole table (which only this file writes to).
 */
const table = useOwnTable();
const { request } = useApi();

const CHAINS = 4;

async function assertInvariants() {
  const snapshot = await table.snapshot();
  assertCustomerInvariants(snapshot);
  assertBankInvariants(snapshot, CHAINS);
  assertTransactionInvariants(snapshot);
}

async function givenVerified() {
  const org = await givenOrganization(table.deps);
  const customerId = await givenCustomer(request, org.apiKey);
  return { key: org.apiKey, customerId, banks: `/customers/${customerId}/withdrawal/banks` };
}

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describe('withdrawal banks under concurrency', () => {
  it('turns 8 concurrent creates of one account, spelt four ways, into one bank and 7 conflicts', async () => {
    const { key, banks } = await givenVerified();
    const spellings = [
      'DE89370400440532013000',
      'DE89 3704 0044 0532 0130 00',
      'de89370400440532013000',
      ' DE89370400440532013000 ',
    ];

    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request<Bank>('POST', banks, { key, body: eurBank({ iban: spellings[i % spellings.length] }) }),
      ),
    );

    expect(statuses(results)).toEqual([201, ...Array(7).fill(409)]);
    const created = results.find((r) => r.status === 201)?.body.id;
    for (const conflict of results.filter((r) => r.status === 409)) {
      expect(conflict.body).toEqual({
        error: `A withdrawal bank with these account details already exists: ${created} (use its id, or GET .../withdrawal/banks)`,
      });
    }
    const listed = await request<Bank[]>('GET', banks, { key });
    expect(listed.body.map((bank) => bank.id)).toEqual(results.filter((r) => r.status === 201).map((r) => r.body.id));
    await assertInvariants();
  });

  it('never leaves two live banks for one account when a rejection races new requests for it', async () => {
    const { key, banks, customerId } = await givenVerified();
    const thirdParty = eurBank({
      recipientType: 'OTHER_INDIVIDUAL',
      beneficiaryName: 'Max Mustermann',
      addressLine1: 'Damrak 1',
      city: 'Amsterdam',
    });
    for (let round = 0; round < 4; round++) {
      const listed = await request<Bank[]>('GET', banks, { key });
      const pending = listed.body.find((bank) => bank.status === 'PENDING');
      const { body: bank } = pending
        ? { body: pending }
        : await request<Bank>('POST', banks, { key, body: thirdParty });

      const [rejected, ...creates] = await Promise.all([
        request('POST', `/sandbox/customers/${customerId}/withdrawal/banks/${bank.id}/reject`, { key }),
        ...Array.from({ length: 4 }, () => request<Bank>('POST', banks, { key, body: thirdParty })),
      ]);

      expect(rejected?.status).toBe(200);
      // A create may win only after the rejection freed the account, and then only one of them.
      expect(statuses(creates).filter((s) => s === 201).length).toBeLessThanOrEqual(1);
      expect(statuses(creates).every((s) => s === 201 || s === 409)).toBe(true);
    }
    await assertInvariants();
  });

  it('keeps wallets, lookups and events in step with the status through a storm of verdicts', async () => {
    const { key, banks, customerId } = await givenVerified();
    const created = await Promise.all(
      ['NL91ABNA0417164300', 'FR1420041010050500013M02606', 'GB29NWBK60161331926819'].map((iban) =>
        request<Bank>('POST', banks, {
          key,
          body: eurBank({
            iban,
            recipientType: 'OTHER_BUSINESS',
            beneficiaryName: 'Globex',
            addressLine1: 'A 1',
            city: 'B',
          }),
        }),
      ),
    );

    const verdicts = await Promise.all(
      created.flatMap(({ body: bank }) =>
        ['approve', 'reject', 'approve', 'reject', 'approve'].map((verdict) =>
          request('POST', `/sandbox/customers/${customerId}/withdrawal/banks/${bank.id}/${verdict}`, { key }),
        ),
      ),
    );

    // Of each bank's five verdicts exactly one is taken.
    for (let i = 0; i < created.length; i++) {
      expect(statuses(verdicts.slice(i * 5, i * 5 + 5))).toEqual([200, 409, 409, 409, 409]);
    }
    await assertInvariants();
  });
});

describe('KYC under concurrency', () => {
  it('records exactly one event per verdict taken, and ends in the state of the last one', async () => {
    const org = await givenOrganization(table.deps);
    const key = org.apiKey;
    const customers = await Promise.all(
      Array.from({ length: 3 }, () => givenCustomer(request, key, { approved: false })),
    );

    const results = await Promise.all(
      customers.flatMap((id) =>
        ['kyc', 'approve', 'reject', 'kyc', 'approve', 'reject'].map((action) =>
          action === 'kyc'
            ? request('POST', `/customers/${id}/kyc`, { key })
            : request('POST', `/sandbox/customers/${id}/kyc/${action}`, {
                key,
                ...(action === 'approve' ? { body: { verifiedName: 'Jane Doe' } } : {}),
              }),
        ),
      ),
    );

    expect(results.every((r) => [200, 409].includes(r.status))).toBe(true);
    const snapshot = await table.snapshot();
    for (const [i, id] of customers.entries()) {
      const mine = results.slice(i * 6, i * 6 + 6);
      const verdictsTaken = mine.filter((r, j) => j % 3 !== 0 && r.status === 200).length;
      const events = snapshot.filter(
        (item) =>
          item.entity === 'EVENT' &&
          (item.envelope as { data: { customer_id?: string }; event_type: string }).data.customer_id === id &&
          (item.envelope as { event_type: string }).event_type.startsWith('customer.kyc.'),
      );
      expect(events, `customer ${id}`).toHaveLength(verdictsTaken);
      // Someone always wins a race; it may be a KYC start, after which every verdict that read the older state
      // is refused (409), so a customer can end with no verdict at all.
      expect(mine.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    }
    assertCustomerInvariants(snapshot);
  });
});

/** A sandbox organization with a KYC-approved customer and an ACTIVE bank, both made over the API. */
async function givenPayee(options: { key?: string; balance?: string } = {}) {
  const key = options.key ?? (await givenOrganization(table.deps)).apiKey;
  const customerId = await givenCustomer(request, key);
  const bank = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, { key, body: eurBank() });
  expect(bank.status).toBe(201);
  const payee = {
    key,
    customerId,
    credit: (amount: string) => request('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount } }),
    withdraw: (sourceAmount: string, idempotencyKey: string = randomUUID()) =>
      request<Transaction>('POST', `/customers/${customerId}/withdrawal`, {
        key,
        body: { withdrawalBankId: bank.body.id, sourceAmount, idempotencyKey },
      }),
    sandbox: (transactionId: string, action: string, body: object = {}) =>
      request<Transaction>('POST', `/sandbox/transactions/${transactionId}/${action}`, { key, body }),
    cancel: (transactionId: string) =>
      request<Transaction>('POST', `/customers/${customerId}/transactions/${transactionId}/cancel`, { key }),
    ledger: () => assertLedger(request, key, customerId),
  };
  if (options.balance) expect((await payee.credit(options.balance)).status).toBe(201);
  return { ...payee, bank: bank.body };
}

const allowanceOf = async (key: string) =>
  (await request<{ allowance: { spent: string; limit: string } }>('GET', '/customers/withdrawal/allowance', { key }))
    .body.allowance;

describe('withdrawals under concurrency, each followed by the ledger check', () => {
  it('turns 12 concurrent creates with one idempotency key and two different amounts into one transaction', async () => {
    const payee = await givenPayee({ balance: '100' });

    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => payee.withdraw(i % 2 ? '20.00' : '10.00', 'one-key')),
    );

    const created = results.filter((r) => r.status === 201);
    const ids = new Set(created.map((r) => r.body.id));
    expect(ids.size).toBe(1);
    const amount = created[0]?.body.sourceAmount;
    expect(created.every((r) => r.body.sourceAmount === amount)).toBe(true);
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect(refused).toMatchObject({
        status: 422,
        body: { error: 'idempotencyKey: Key was already used with different parameters' },
      });
    }
    expect(created.length).toBe(6);
    const { transactions } = await payee.ledger();
    expect(transactions.filter((t) => t.type === 'WITHDRAWAL')).toHaveLength(1);
    await assertInvariants();
  });

  it('never overdraws while credits race withdrawals: 5 credits of 20 against 20 withdrawals of 10', async () => {
    const payee = await givenPayee();

    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => payee.credit('20.00')),
      ...Array.from({ length: 20 }, () => payee.withdraw('10.00')),
    ]);

    // On a loaded machine a request may outlive its database deadline: a 503 with Retry-After, never another refusal.
    const outcomes = JSON.stringify(
      results.map((r) => (r.status === 201 ? 201 : `${r.status} ${JSON.stringify(r.body)}`)),
    );
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect([refused.status, refused.headers.get('retry-after') !== null], outcomes).toEqual([503, true]);
    }
    const { locked, balance, credits } = await payee.ledger();
    const processing = locked.dividedBy(10).toNumber();
    const credited = results.slice(0, 5).filter((r) => r.status === 201).length;
    expect(processing, outcomes).toBeLessThanOrEqual(credits.dividedBy(10).toNumber());
    expect(processing, outcomes).toBeGreaterThanOrEqual(
      results.slice(5).filter((r) => (r.body as Transaction).status === 'PROCESSING').length,
    );
    // Every credit answered 201 is in the balance; one that outlived its deadline may or may not be.
    expect(credits.toNumber(), outcomes).toBeGreaterThanOrEqual(credited * 20);
    expect(balance.balance, outcomes).toBe(credits.toFixed(2));
    await assertInvariants();
  });

  it('lets exactly one of approve, cancel, reject and expire take each awaiting withdrawal', async () => {
    const payee = await givenPayee();
    // No balance yet: each is PROPOSED; then enough for all of them to execute if approved.
    const proposed = await Promise.all(Array.from({ length: 5 }, () => payee.withdraw('10.00')));
    expect(proposed.map((r) => r.body.status)).toEqual(Array(5).fill('PROPOSED'));
    await payee.credit('100');

    const outcomes = await Promise.all(
      proposed.map(async ({ body: tx }) => {
        const results = await Promise.all([
          payee.sandbox(tx.id, 'approve', { approver: 'treasurer@example.com' }),
          payee.cancel(tx.id),
          payee.sandbox(tx.id, 'reject', { approver: 'auditor@example.com' }),
          payee.sandbox(tx.id, 'expire'),
        ]);
        return results;
      }),
    );

    for (const results of outcomes) {
      expect(statuses(results)).toEqual([200, 409, 409, 409]);
      const winner = results.find((r) => r.status === 200)?.body;
      expect(['PROCESSING', 'CANCELLED', 'EXPIRED']).toContain(winner?.status);
    }
    const { transactions } = await payee.ledger();
    const approved = outcomes.filter((results) => results[0]?.status === 200).length;
    expect(transactions.filter((t) => t.status === 'PROCESSING')).toHaveLength(approved);
    await assertInvariants();
  });

  it('lets approvals lock no more than the balance: 4 approvals of 40 against 100', async () => {
    const payee = await givenPayee();
    const proposed = await Promise.all(Array.from({ length: 4 }, () => payee.withdraw('40.00')));
    await payee.credit('100');

    const results = await Promise.all(
      proposed.map(({ body: tx }) => payee.sandbox(tx.id, 'approve', { approver: 'treasurer@example.com' })),
    );

    expect(statuses(results)).toEqual([200, 200, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body).toEqual({ error: 'Insufficient USDC balance' });
    }
    const { locked, balance } = await payee.ledger();
    expect(locked.toFixed(2)).toBe('80.00');
    expect(balance.availableBalance).toBe('20.00');
    await assertInvariants();
  });

  it('lets exactly one of complete and fail end each payout, and returns only the failed ones', async () => {
    const payee = await givenPayee({ balance: '100' });
    const key = payee.key;
    const spentBefore = new Decimal((await allowanceOf(key)).spent);
    const started = await Promise.all(Array.from({ length: 5 }, () => payee.withdraw('10.00')));
    expect(started.map((r) => r.body.status)).toEqual(Array(5).fill('PROCESSING'));

    const outcomes = await Promise.all(
      started.map(({ body: tx }) =>
        Promise.all([payee.sandbox(tx.id, 'complete'), payee.sandbox(tx.id, 'fail', { reason: 'Account closed' })]),
      ),
    );

    for (const results of outcomes) expect(statuses(results)).toEqual([200, 409]);
    const completed = outcomes.filter(([complete]) => complete?.status === 200).length;
    const { balance, locked } = await payee.ledger();
    expect(locked.toFixed(2)).toBe('0.00');
    expect(balance.balance).toBe(new Decimal(100).minus(completed * 10).toFixed(2));
    // A failed payout gives its amount back to the allowance; a completed one keeps it spent.
    expect(new Decimal((await allowanceOf(key)).spent).minus(spentBefore).toFixed(2)).toBe(
      new Decimal(completed * 10).toFixed(2),
    );
    await assertInvariants();
  });

  it("shares the organization's allowance between customers: 100 allowed, 20 concurrent 10-USDC withdrawals of two", async () => {
    const first = await givenPayee({ balance: '200' });
    const second = await givenPayee({ key: first.key, balance: '200' });
    const allowance = await request('POST', '/sandbox/allowance', {
      key: first.key,
      body: { limit: '100.00', resetPeriodMinutes: 1440 },
    });
    expect(allowance.status).toBe(200);

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).withdraw('10.00')));

    expect(results.filter((r) => r.body.status === 'PROCESSING')).toHaveLength(10);
    expect(results.filter((r) => r.body.status === 'PROPOSED')).toHaveLength(10);
    expect(await allowanceOf(first.key)).toMatchObject({ spent: '100.00', limit: '100.00' });
    const locked = (await first.ledger()).locked.plus((await second.ledger()).locked);
    expect(locked.toFixed(2)).toBe('100.00');
    await assertInvariants();
  });
});

describe('inbound deposits under concurrency, followed by the ledger check', () => {
  it('processes each of 8 transfers once though each is reported 3 times, while withdrawals race them', async () => {
    // A sandbox credit of 80 (a DEPOSIT) stands in for funds already held: destination wallets are credited nothing.
    const payee = await givenPayee({ balance: '80.00' });
    const { key } = payee;
    const walletOn = (chain: string) => payee.bank.wallets.find((wallet) => wallet.chain === chain)?.address ?? '';
    // Forwards (>= 5 USDC at the bank's wallets) and small amounts credited, on two chains.
    const transfers = [
      ...['12.50', '30.00', '5.00'].map((amount) => ({ address: walletOn('base'), amount, chain: 'base' })),
      ...['4.99', '1.25'].map((amount) => ({ address: walletOn('base'), amount, chain: 'base' })),
      ...['4.00', '2.50', '1.50'].map((amount) => ({ address: walletOn('polygon'), amount, chain: 'polygon' })),
    ].map((transfer) => ({ ...transfer, txHash: `0x${randomBytes(32).toString('hex')}` }));

    const results = await Promise.all([
      ...transfers.flatMap((body) =>
        [0, 1, 2].map(() => request<Transaction>('POST', '/sandbox/deposits', { key, body })),
      ),
      ...Array.from({ length: 10 }, () => payee.withdraw('10.00')),
    ]);

    expect(results.every((r) => r.status === 201)).toBe(true);
    const reports = results.slice(0, transfers.length * 3);
    for (let i = 0; i < transfers.length; i++) {
      const ids = new Set(reports.slice(i * 3, i * 3 + 3).map((r) => r.body.id));
      expect(ids.size, `transfer ${transfers[i]?.amount}`).toBe(1);
    }
    const { transactions } = await payee.ledger();
    expect(transactions.filter((t) => t.type === 'WITHDRAWAL' && t.walletAddress !== null)).toHaveLength(3);
    expect(transactions.filter((t) => t.type === 'DEPOSIT')).toHaveLength(6);
    await assertInvariants();
  });
});
