import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import { createOwnerInvite } from '#shared/console/identity/create-owner-invite.ts';
import { type Bank, eurBank, eventsOfBank, givenCustomer, KYC_ADDRESS } from '#test/support/banks/bank-requests.ts';
import { ConsoleTab, tokenOfInviteUrl } from '#test/support/console/console-client.ts';
import { eventsWhere } from '#test/support/customers/customer-events.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { LIST_FIXTURES_DIR, LISTED_ETH_ADDRESS } from '#test/support/screening/list-fixtures.ts';

/**
 * Sanctions screening over HTTP on DynamoDB Local, with the fixture lists (OFAC SDN CSV set, UN and EU XML) in
 * force: a bank, a customer's verification and a deposit that hit a list are held and say why; a reviewer in the
 * console clears or confirms, audited.
 */
const previousDir = process.env.SANCTIONS_DIR;
process.env.SANCTIONS_DIR = LIST_FIXTURES_DIR;
afterAll(() => {
  if (previousDir === undefined) delete process.env.SANCTIONS_DIR;
  else process.env.SANCTIONS_DIR = previousDir;
});

const deps = integrationDeps();
const { request, origin } = useApi();
type Org = Awaited<ReturnType<typeof givenOrganization>>;
type Hold = {
  holdId: string;
  kind: string;
  customerId: string;
  bankId: string | null;
  screened: string;
  status: string;
  hit: { list: string; entryId: string; entryName: string; matchedName: string | null; score: number | null };
};

let org: Org;
let reviewer: ConsoleTab;

beforeAll(async () => {
  org = await givenOrganization(deps);
  reviewer = new ConsoleTab(request, origin);
  const invite = await createOwnerInvite(deps, {
    organizationId: org.organizationId,
    email: 'reviewer@example.com',
    operator: 'ops@payouts.dev',
  });
  expect((await reviewer.acceptInvite(tokenOfInviteUrl(invite.url), 'Rita Reviewer')).status).toBe(201);
});

const thirdPartyBank = (customerId: string, beneficiaryName: string, iban = 'DE89370400440532013000') =>
  request<Bank & { rejectionReason: string | null }>('POST', `/customers/${customerId}/withdrawal/banks`, {
    key: org.apiKey,
    body: eurBank({
      beneficiaryName,
      iban,
      recipientType: 'OTHER_BUSINESS',
      addressLine1: '1 Rue de la Paix',
      city: 'Paris',
    }),
  });

async function openHold(holdId: string): Promise<Hold | undefined> {
  const listed = await reviewer.call<Hold[]>('GET', '/screening/holds');
  expect(listed.status).toBe(200);
  return listed.body.find((hold) => hold.holdId === holdId);
}

const auditOf = async (action: string) => listAuditEntries(deps.db, org.organizationId, { limit: 50, action });

describe('a beneficiary named as a listed entry', () => {
  it('is not ACTIVE and says why; a reviewer confirms it and it is REJECTED, audited', async () => {
    const customerId = await givenCustomer(request, org.apiKey, { name: 'Clean Customer' });
    const created = await thirdPartyBank(customerId, 'Golden Cresent Trading L.L.C.');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.status).toBe('PENDING');
    expect(created.body.rejectionReason).toBe(
      'Held for review: the beneficiary name matches an entry of the OFAC SDN sanctions list',
    );
    expect(created.body.wallets.every((wallet) => !wallet.enabled)).toBe(true);

    const hold = await openHold(`bank:${created.body.id}`);
    expect(hold).toMatchObject({
      kind: 'bank',
      bankId: created.body.id,
      screened: 'Golden Cresent Trading L.L.C.',
      hit: { list: 'OFAC_SDN', entryId: '12011', entryName: 'GOLDEN CRESCENT TRADING LLC' },
    });
    expect(hold?.hit.score).toBeGreaterThanOrEqual(0.9);

    const confirmed = await reviewer.call<Hold>('POST', `/screening/holds/bank:${created.body.id}/confirm`, {
      reason: 'Same company, same Dubai address',
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.status).toBe('CONFIRMED');
    const stored = await request<Bank & { rejectionReason: string }>(
      'GET',
      `/customers/${customerId}/withdrawal/banks/${created.body.id}`,
      { key: org.apiKey },
    );
    expect(stored.body).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Blocked: the beneficiary name is on the OFAC SDN sanctions list',
    });
    expect((await eventsOfBank(deps, created.body.id)).map((event) => event.event_type)).toEqual([
      'withdrawal_bank.created',
      'withdrawal_bank.rejected',
    ]);
    const [audit] = await auditOf('screening.hold_confirmed');
    expect(audit).toMatchObject({
      target: `bank:${created.body.id}`,
      actor: { email: 'reviewer@example.com' },
      details: { reason: 'Same company, same Dubai address', list: 'OFAC_SDN', entryId: '12011' },
    });

    const again = await reviewer.call('POST', `/screening/holds/bank:${created.body.id}/clear`, { reason: 'x' });
    expect(again).toMatchObject({ status: 409, body: { error: 'This screening hold is already decided' } });
  });

  it('holds an alias in another word order and with accents, and passes a clean name', async () => {
    const customerId = await givenCustomer(request, org.apiKey, { name: 'Other Customer' });
    const alias = await thirdPartyBank(customerId, 'Strauss Jörg Müller', 'FR1420041010050500013M02606');
    expect(alias.body.rejectionReason).toContain('OFAC SDN');
    const clean = await thirdPartyBank(customerId, 'Boulangerie Dupont SARL', 'DE02120300000000202051');
    expect(clean.status).toBe(201);
    expect(clean.body.rejectionReason).toBeNull();
  });
});

describe('a customer whose verified name matches', () => {
  it('waits for review instead of being approved; cleared, it is APPROVED with that name, audited', async () => {
    const customerId = await givenCustomer(request, org.apiKey, { name: 'Anatoliy Zhelezniakov', approved: false });
    const approval = await request<{ kycStatus: string; verifiedName: string | null }>(
      'POST',
      `/sandbox/customers/${customerId}/kyc/approve`,
      { key: org.apiKey, body: { verifiedName: 'Anatoliy Zhelezniakov', address: KYC_ADDRESS } },
    );
    expect(approval.status, JSON.stringify(approval.body)).toBe(200);
    expect(approval.body.kycStatus).toBe('PENDING');
    const banks = await request('POST', `/customers/${customerId}/withdrawal/banks`, {
      key: org.apiKey,
      body: eurBank({ beneficiaryName: 'Anatoliy Zhelezniakov' }),
    });
    expect(banks.status).toBe(403);

    const hold = await openHold(`customer:${customerId}`);
    expect(hold?.hit).toMatchObject({ list: 'EU_CONSOLIDATED', entryId: '139001' });

    const cleared = await reviewer.call<Hold>('POST', `/screening/holds/customer:${customerId}/clear`, {
      reason: 'Different person: born 1990 in Kyiv',
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const customer = await request<{ kycStatus: string; verifiedName: string }>('GET', `/customers/${customerId}`, {
      key: org.apiKey,
    });
    expect(customer.body).toMatchObject({ kycStatus: 'APPROVED', verifiedName: 'Anatoliy Zhelezniakov' });
    expect(await auditOf('screening.hold_cleared')).toContainEqual(
      expect.objectContaining({
        target: `customer:${customerId}`,
        details: expect.objectContaining({ reason: 'Different person: born 1990 in Kyiv', list: 'EU_CONSOLIDATED' }),
      }),
    );
  });
});

describe('a verified customer renamed', () => {
  type Customer = { kycStatus: string; verifiedName: string; name: string };
  const rename = (customerId: string, name: string) =>
    request<Customer>('PATCH', `/customers/${customerId}`, { key: org.apiKey, body: { name } });

  it('to a listed name waits for review as at verification; cleared, it is APPROVED again with its identity', async () => {
    const customerId = await givenCustomer(request, org.apiKey, { name: 'Rena Sauber' });
    const renamed = await rename(customerId, 'Zhelezniakov, Anatoliy');
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Zhelezniakov, Anatoliy',
      kycStatus: 'PENDING',
      verifiedName: 'Rena Sauber',
    });
    const banks = await request('POST', `/customers/${customerId}/withdrawal/banks`, {
      key: org.apiKey,
      body: eurBank({ beneficiaryName: 'Rena Sauber', iban: 'DE91100000000123456789' }),
    });
    expect(banks.status).toBe(403);
    const hold = await openHold(`customer:${customerId}`);
    expect(hold).toMatchObject({
      kind: 'customer',
      screened: 'Zhelezniakov, Anatoliy',
      status: 'OPEN',
      hit: { list: 'EU_CONSOLIDATED', entryId: '139001' },
    });
    const updated = (await eventsWhere(deps, 'customerId', customerId)).map((event) => event.event_type);
    expect(updated).toContain('customer.updated');

    const cleared = await reviewer.call<Hold>('POST', `/screening/holds/customer:${customerId}/clear`, {
      reason: 'A married name; not the listed person',
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const customer = await request<Customer>('GET', `/customers/${customerId}`, { key: org.apiKey });
    expect(customer.body).toMatchObject({ kycStatus: 'APPROVED', verifiedName: 'Rena Sauber' });
  });

  it('to a clean name stays APPROVED with no hold', async () => {
    const customerId = await givenCustomer(request, org.apiKey, { name: 'Otto Clean' });
    const renamed = await rename(customerId, 'Otto Cleaner');
    expect(renamed.body).toMatchObject({ kycStatus: 'APPROVED', name: 'Otto Cleaner' });
    expect(await openHold(`customer:${customerId}`)).toBeUndefined();
  });
});

describe('USDC from a listed address', () => {
  it('is frozen, neither credited nor forwarded; cleared, it is credited, audited', async () => {
    const customerId = await givenCustomer(request, org.apiKey, { name: 'Deposit Customer' });
    const bank = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      key: org.apiKey,
      body: eurBank({ beneficiaryName: 'Deposit Customer', iban: 'DE75512108001245126199' }),
    });
    expect(bank.body.status).toBe('ACTIVE');
    const address = bank.body.wallets[0]?.address as string;
    const txHash = `0x${'5a'.repeat(32)}`;
    const deposit = () =>
      request<{ error: string; type: string; status: string }>('POST', '/sandbox/deposits', {
        key: org.apiKey,
        body: { chain: 'base', address, amount: '25.00', txHash, from: LISTED_ETH_ADDRESS },
      });

    const frozen = await deposit();
    expect(frozen.status).toBe(409);
    expect(frozen.body.error).toContain('Deposit frozen');
    expect((await deposit()).status).toBe(409);
    const transactions = await request<unknown[]>('GET', `/customers/${customerId}/transactions`, {
      key: org.apiKey,
    });
    expect(transactions.body).toEqual([]);

    const events = await eventsWhere(deps, 'tx_hash', txHash);
    expect(events.map((event) => [event.event_type, event.data])).toEqual([
      [
        'deposit.frozen',
        expect.objectContaining({
          customer_id: customerId,
          amount: '25.00',
          from_address: LISTED_ETH_ADDRESS.toLowerCase(),
          reason: 'Held for review: the sending address matches an entry of the OFAC SDN sanctions list',
        }),
      ],
    ]);
    const holdId = `deposit:base:${txHash}:0`;
    expect((await openHold(holdId))?.hit).toMatchObject({ list: 'OFAC_SDN', entryId: '18804', score: null });
    const cleared = await reviewer.call<Hold>('POST', `/screening/holds/${holdId}/clear`, {
      reason: 'Exchange hot wallet re-used the address after the listing',
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);

    const released = await deposit();
    expect(released.status).toBe(201);
    expect(released.body).toMatchObject({ type: 'WITHDRAWAL' });
    expect(released.headers.get('idempotent-replayed')).toBe('true');
    expect(await auditOf('screening.hold_cleared')).toContainEqual(
      expect.objectContaining({ target: holdId, details: expect.objectContaining({ entryId: '18804' }) }),
    );
  });

  it('from an unlisted sender is credited as before', async () => {
    const customerId = await givenCustomer(request, org.apiKey, { name: 'Second Depositor' });
    const bank = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      key: org.apiKey,
      body: eurBank({ beneficiaryName: 'Second Depositor', iban: 'DE12500105170648489890' }),
    });
    const deposited = await request('POST', '/sandbox/deposits', {
      key: org.apiKey,
      body: {
        chain: 'base',
        address: bank.body.wallets[0]?.address,
        amount: '25.00',
        txHash: `0x${'6b'.repeat(32)}`,
        from: '0x0000000000000000000000000000000000000001',
      },
    });
    expect(deposited.status).toBe(201);
  });
});
