import { describe, expect, it } from 'vitest';
import { DEMO_BANK, demoCustomers } from '#test/support/compose/demo-requests.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

/**
 * When developer fees are earned and how claims move them (shared/developer-fees/README.md): a withdrawal's fee
 * accrues when its payout completes and never when it fails; claims racing for one balance move it once.
 */
const deps = integrationDeps();
const { request } = useApi();
const givenVerifiedDemoCustomer = demoCustomers(deps, request);

type Body = Record<string, unknown>;

async function givenWithdrawalsWithFee(bps: number, amounts: string[]) {
  const { key, customerId } = await givenVerifiedDemoCustomer();
  await request('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount: '1000' } });
  // Set after the credit, so only the withdrawals carry the fee.
  await request('PATCH', `/customers/${customerId}/developer-fees`, { key, body: { developerSpreadFeeBps: bps } });
  const bank = await request<Body>('POST', `/customers/${customerId}/withdrawal/banks`, { key, body: DEMO_BANK });
  const withdrawals: Body[] = [];
  for (const [i, sourceAmount] of amounts.entries()) {
    const created = await request<Body>('POST', `/customers/${customerId}/withdrawal`, {
      key,
      body: { sourceAmount, withdrawalBankId: bank.body.id, idempotencyKey: `wd_ledger_${i}` },
    });
    withdrawals.push(created.body);
  }
  return { key, customerId, withdrawals };
}

const unclaimed = async (key: string) => (await request<Body>('GET', '/developer-fees', { key })).body.availableBalance;

describe('developer fees in the ledger', () => {
  it("accrues a withdrawal's fee when its payout completes, never when it fails", async () => {
    const { key, customerId, withdrawals } = await givenWithdrawalsWithFee(200, ['100', '200']);
    const [paid, failed] = withdrawals;

    const whileProcessing = await unclaimed(key);
    const completed = await request<Body>('POST', `/sandbox/transactions/${paid?.id}/complete`, { key });
    const refused = await request<Body>('POST', `/sandbox/transactions/${failed?.id}/fail`, { key, body: {} });

    expect(whileProcessing).toBe('0.00');
    expect(completed.body).toMatchObject({ status: 'COMPLETED', developerFee: { developerSpreadFeeBps: 200 } });
    expect(refused.body).toMatchObject({ status: 'FAILED', developerFee: { developerSpreadFeeBps: 200 } });
    // 2 % of what the minimum fee (1.00) leaves of 100: 1.98; the failed 200 earns nothing.
    expect(await unclaimed(key)).toBe('1.98');
    // The customer paid the whole source amount of the completed one and got the failed one back.
    const balance = await request<Body>('GET', `/customers/${customerId}/balance`, { key });
    expect(balance.body).toMatchObject({ balance: '900.00', lockedBalance: '0.00' });
  });

  it('moves a balance once when claims race: every claim that succeeds moves a distinct part', async () => {
    const { key, withdrawals } = await givenWithdrawalsWithFee(1000, ['300']);
    await request('POST', `/sandbox/transactions/${withdrawals[0]?.id}/complete`, { key });
    const accrued = await unclaimed(key);

    const claims = await Promise.all(
      Array.from({ length: 4 }, () => request<Body>('POST', '/developer-fees', { key, body: {} })),
    );

    const won = claims.filter((claim) => claim.status === 200);
    const lost = claims.filter((claim) => claim.status !== 200);
    expect(accrued).toBe('29.85');
    expect(won.map((claim) => claim.body.amount)).toEqual(['29.85']);
    expect(lost.map((claim) => claim.body)).toEqual(Array(3).fill({ error: 'No developer fees available to claim' }));
    const balances = await request<Body>('GET', '/balances', { key });
    expect(balances.body).toMatchObject({ custodial: { balances: [{ balance: '29.85' }] } });
    expect(await unclaimed(key)).toBe('0.00');
  });

  it('claims a part on request and refuses more than has accrued', async () => {
    const { key, withdrawals } = await givenWithdrawalsWithFee(500, ['100']);
    await request('POST', `/sandbox/transactions/${withdrawals[0]?.id}/complete`, { key });

    const part = await request<Body>('POST', '/developer-fees', { key, body: { amount: '1.5' } });
    const tooMuch = await request<Body>('POST', '/developer-fees', { key, body: { amount: '100' } });
    const malformed = await request<Body>('POST', '/developer-fees', { key, body: { amount: 1.5 } });

    expect(part.body).toMatchObject({ success: true, amount: '1.50' });
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { error: 'amount: Exceeds the available developer fees (3.45)' },
    });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'amount: Expected string' } });
    expect(await unclaimed(key)).toBe('3.45');
  });

  it('gives back the fee of a payout the bank returns, in the return; once claimed, the organization owes it', async () => {
    const { key, customerId, withdrawals } = await givenWithdrawalsWithFee(200, ['100', '100']);
    const [returned, claimedThenReturned] = withdrawals;
    await request('POST', `/sandbox/transactions/${returned?.id}/complete`, { key });
    const earned = await unclaimed(key);

    await request('POST', `/sandbox/transactions/${returned?.id}/return`, { key, body: { reasonCode: 'AC04' } });
    const afterReturn = await unclaimed(key);
    await request('POST', `/sandbox/transactions/${claimedThenReturned?.id}/complete`, { key });
    const claim = await request<Body>('POST', '/developer-fees', { key, body: {} });
    await request('POST', `/sandbox/transactions/${claimedThenReturned?.id}/return`, {
      key,
      body: { reasonCode: 'AC04' },
    });
    const owed = await unclaimed(key);
    const refusedClaim = await request<Body>('POST', '/developer-fees', { key, body: {} });

    expect(earned).toBe('1.98');
    expect(afterReturn).toBe('0.00');
    expect(claim.body).toMatchObject({ success: true, amount: '1.98' });
    expect(owed).toBe('-1.98');
    expect(refusedClaim.body).toEqual({ error: 'No developer fees available to claim' });
    // Both source amounts are back with the customer, fee included.
    const balance = await request<Body>('GET', `/customers/${customerId}/balance`, { key });
    expect(balance.body).toMatchObject({ balance: '1000.00', lockedBalance: '0.00' });
  });
});
