import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { run } from '#infra/admin/cli.ts';
import { keys } from '#shared/db/keys.ts';
import { findWalletByAddress } from '#shared/wallets/repository.ts';
import { type Bank, eurBank, givenCustomer, usdBank } from '#test/support/banks/bank-requests.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { setupRequest } from '#test/support/http/setup-requests.ts';
import { CHECKSUMMED, randomAddress, type Wallet, walletsOf } from '#test/support/wallets/wallet-requests.ts';

const deps = integrationDeps();
const { request } = useApi();

const MISSING = '00000000-0000-4000-8000-000000000000';

async function givenCustomerWithBank() {
  const org = await givenOrganization(deps);
  const key = org.apiKey;
  const customerId = await givenCustomer(request, key);
  const bank = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, { key, body: eurBank() });
  if (bank.status !== 201) throw new Error(`bank not created: ${JSON.stringify(bank.body)}`);
  return { org, key, customerId, bank: bank.body };
}

async function givenDestinationWallet(key: string, customerId: string, address = randomAddress(), chain = 'base') {
  const created = await request<Wallet>('POST', walletsOf(customerId), {
    key,
    body: { address, currency: 'usdc', chain },
  });
  if (created.status !== 201) throw new Error(`wallet not created: ${JSON.stringify(created.body)}`);
  return created.body;
}

describe('destination wallets', () => {
  it('adds a destination wallet with its address checksummed and registered for lookup', async () => {
    const { org, key, customerId } = await givenCustomerWithBank();
    const checksummed = CHECKSUMMED[0];

    const created = await request<Wallet>('POST', walletsOf(customerId), {
      key,
      body: { address: checksummed.toLowerCase(), currency: 'USDC', chain: 'Polygon' },
    });

    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      customerId,
      address: checksummed,
      currency: 'usdc',
      chain: 'polygon',
      enabled: true,
      createdAt: expect.any(String),
      updatedAt: created.body.createdAt,
    });
    expect(await findWalletByAddress(deps.db, org.organizationId, checksummed)).toMatchObject({
      customerId,
      walletId: created.body.id,
      kind: 'DESTINATION',
      bankId: null,
    });
    expect(await request('GET', `${walletsOf(customerId)}/${created.body.id}`, { key })).toMatchObject({
      status: 200,
      body: created.body,
    });
  });

  it('refuses a chain the platform does not support, and an address another wallet of the organization has', async () => {
    const { key, customerId, bank } = await givenCustomerWithBank();
    const other = await givenCustomer(request, key);
    const bankAddress = bank.wallets[0]?.address ?? '';

    const optimism = await request('POST', walletsOf(customerId), {
      key,
      body: { address: randomAddress(), currency: 'usdc', chain: 'optimism' },
    });
    const taken = await request('POST', walletsOf(other), {
      key,
      body: { address: bankAddress.toLowerCase(), currency: 'usdc', chain: 'base' },
    });

    expect(optimism).toMatchObject({
      status: 400,
      body: { error: 'chain: Must be one of: base, ethereum, polygon, arbitrum' },
    });
    expect(taken).toMatchObject({ status: 409, body: { error: 'Address already in use by another wallet' } });
    expect((await request<{ wallets: Wallet[] }>('GET', walletsOf(other), { key })).body.wallets).toEqual([]);
  });

  it('lets another organization use an address this one has as a destination wallet', async () => {
    const { key, customerId } = await givenCustomerWithBank();
    const address = randomAddress();
    await givenDestinationWallet(key, customerId, address, 'base');
    const elsewhere = await givenOrganization(deps);
    const otherCustomer = await givenCustomer(request, elsewhere.apiKey);

    const created = await request('POST', walletsOf(otherCustomer), {
      key: elsewhere.apiKey,
      body: { address, currency: 'usdc', chain: 'base' },
    });

    expect(created.status).toBe(201);
  });

  it("refuses another organization's deposit address: a derived address has one owner platform-wide", async () => {
    const { bank } = await givenCustomerWithBank();
    const elsewhere = await givenOrganization(deps);
    const customerId = await givenCustomer(request, elsewhere.apiKey);

    const created = await request('POST', walletsOf(customerId), {
      key: elsewhere.apiKey,
      body: { address: bank.wallets[0]?.address, currency: 'usdc', chain: 'base' },
    });

    expect(created).toMatchObject({ status: 409, body: { error: 'Address already in use by another wallet' } });
  });
});

describe('listing wallets', () => {
  it('lists bank deposit wallets and destination wallets together, newest first, filtered case-insensitively', async () => {
    const { key, customerId, bank } = await givenCustomerWithBank();
    const destination = await givenDestinationWallet(key, customerId, randomAddress(), 'base');

    const all = await request<{ wallets: Wallet[] }>('GET', walletsOf(customerId), { key });
    const base = await request<{ wallets: Wallet[] }>('GET', `${walletsOf(customerId)}?chain=BASE&currency=UsDc`, {
      key,
    });
    const none = await request<{ wallets: Wallet[] }>('GET', `${walletsOf(customerId)}?chain=optimism`, { key });

    expect(all.status).toBe(200);
    expect(all.body.wallets.map((w) => w.id)).toEqual([destination.id, ...bank.wallets.map((w) => w.id)]);
    expect(all.body.wallets[1]).toEqual({
      ...bank.wallets[0],
      customerId,
      withdrawalBankId: bank.id,
    });
    expect(base.body.wallets.map((w) => [w.id, w.chain])).toEqual([
      [destination.id, 'base'],
      [bank.wallets.find((w) => w.chain === 'base')?.id, 'base'],
    ]);
    expect(none).toMatchObject({ status: 200, body: { wallets: [] } });
  });

  it('pages wallets newest first with a Link header, each once, keeping the filters in the link', async () => {
    const { key, customerId, bank } = await givenCustomerWithBank();
    const second = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, { key, body: usdBank() });
    expect(second.status).toBe(201);
    await givenDestinationWallet(key, customerId);
    const whole = (await request<{ wallets: Wallet[] }>('GET', `${walletsOf(customerId)}?limit=200`, { key })).body;

    const pages: Wallet[][] = [];
    let url = `${walletsOf(customerId)}?limit=3`;
    while (url) {
      const page = await request<{ wallets: Wallet[] }>('GET', url, { key });
      expect(page.status).toBe(200);
      pages.push(page.body.wallets);
      url = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1] ?? '';
    }
    const baseOnly = await request<{ wallets: Wallet[] }>('GET', `${walletsOf(customerId)}?chain=base&limit=1`, {
      key,
    });

    expect(whole.wallets).toHaveLength(bank.wallets.length + second.body.wallets.length + 1);
    expect(pages.map((page) => page.length)).toEqual(
      [...Array(Math.ceil(whole.wallets.length / 3)).keys()].map((i) => Math.min(3, whole.wallets.length - i * 3)),
    );
    expect(pages.flat().map((w) => w.id)).toEqual(whole.wallets.map((w) => w.id));
    expect(baseOnly.body.wallets.map((w) => w.chain)).toEqual(['base']);
    expect(baseOnly.headers.get('link')).toContain('chain=base');
  });

  it('lists a wallet stored before the list was paged once the operator indexes the organization', async () => {
    const { org, key, customerId, bank } = await givenCustomerWithBank();
    const [older] = bank.wallets;
    await deps.db.client.send(
      new UpdateCommand({
        TableName: deps.db.tableName,
        Key: keys.wallet(org.organizationId, customerId, older?.id ?? ''),
        UpdateExpression: 'REMOVE gsi1pk, gsi1sk',
      }),
    );
    const listedIds = async () =>
      (
        await setupRequest(
          'list wallets',
          () => request<{ wallets: Wallet[] }>('GET', walletsOf(customerId), { key }),
          200,
        )
      ).body.wallets.map((w) => w.id);
    const before = await listedIds();

    const indexed = await run(['wallet', 'index', org.organizationId], () => deps.db);

    expect(before).not.toContain(older?.id);
    expect(indexed).toEqual({ organizationId: org.organizationId, customers: 1, wallets: bank.wallets.length });
    expect(await listedIds()).toEqual(bank.wallets.map((w) => w.id));
  });

  it('refuses an unknown filter value or parameter', async () => {
    const { key, customerId } = await givenCustomerWithBank();

    expect(await request('GET', `${walletsOf(customerId)}?currency=eur`, { key })).toMatchObject({
      status: 400,
      body: { error: 'currency: Must be one of: usdc' },
    });
    expect(await request('GET', `${walletsOf(customerId)}?network=base`, { key })).toMatchObject({
      status: 400,
      body: { error: 'network: Unrecognized field' },
    });
  });
});

describe('changing a wallet address', () => {
  it('moves a destination wallet to a new address, stored checksummed, and releases the old one', async () => {
    const { org, key, customerId } = await givenCustomerWithBank();
    const wallet = await givenDestinationWallet(key, customerId);
    const next = CHECKSUMMED[1];

    const updated = await request<Wallet>('PATCH', `${walletsOf(customerId)}/${wallet.id}`, {
      key,
      body: { address: next.toLowerCase() },
    });

    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({
      ...wallet,
      customerId,
      address: next,
      updatedAt: expect.any(String),
    });
    expect(await findWalletByAddress(deps.db, org.organizationId, next)).toMatchObject({ walletId: wallet.id });
    expect(await findWalletByAddress(deps.db, org.organizationId, wallet.address)).toBeUndefined();
    // The released address can be taken again.
    await givenDestinationWallet(key, customerId, wallet.address);
  });

  it('accepts a correctly checksummed address and keeps the wallet when only the case differs', async () => {
    const { key, customerId } = await givenCustomerWithBank();
    const wallet = await givenDestinationWallet(key, customerId);

    const checksummed = await request<Wallet>('PATCH', `${walletsOf(customerId)}/${wallet.id}`, {
      key,
      body: { address: CHECKSUMMED[2] },
    });
    const sameInUpperCase = await request<Wallet>('PATCH', `${walletsOf(customerId)}/${wallet.id}`, {
      key,
      body: { address: `0x${CHECKSUMMED[2].slice(2).toUpperCase()}` },
    });

    expect(checksummed).toMatchObject({ status: 200, body: { address: CHECKSUMMED[2] } });
    expect(sameInUpperCase).toMatchObject({ status: 200, body: checksummed.body });
  });

  it.each([
    ['one letter of a checksummed address in the wrong case', `${CHECKSUMMED[0].slice(0, -1)}D`],
    ['39 hex digits', `0x${'a'.repeat(39)}`],
    ['a missing 0x', 'a'.repeat(40)],
  ])('refuses %s with 400', async (_case, address) => {
    const { key, customerId } = await givenCustomerWithBank();
    const wallet = await givenDestinationWallet(key, customerId);

    const res = await request('PATCH', `${walletsOf(customerId)}/${wallet.id}`, { key, body: { address } });

    expect(res).toMatchObject({ status: 400, body: { error: 'address: Invalid Ethereum address' } });
  });

  it("refuses an address another wallet of the organization has, even another customer's, and changes nothing", async () => {
    const { org, key, customerId, bank } = await givenCustomerWithBank();
    const wallet = await givenDestinationWallet(key, customerId);
    const other = await givenCustomer(request, key);
    const othersWallet = await givenDestinationWallet(key, other);

    for (const address of [bank.wallets[1]?.address, othersWallet.address.toLowerCase()]) {
      const res = await request('PATCH', `${walletsOf(customerId)}/${wallet.id}`, { key, body: { address } });
      expect(res).toMatchObject({ status: 409, body: { error: 'Address already in use by another wallet' } });
    }
    expect((await request('GET', `${walletsOf(customerId)}/${wallet.id}`, { key })).body).toEqual(wallet);
    expect(await findWalletByAddress(deps.db, org.organizationId, wallet.address)).toMatchObject({
      walletId: wallet.id,
    });
  });

  it('gives an address to exactly one of two wallets racing for it', async () => {
    const { key, customerId } = await givenCustomerWithBank();
    const wallets = await Promise.all([
      givenDestinationWallet(key, customerId),
      givenDestinationWallet(key, customerId),
    ]);
    const contested = randomAddress();

    const results = await Promise.all(
      wallets.map((wallet) =>
        request('PATCH', `${walletsOf(customerId)}/${wallet.id}`, { key, body: { address: contested } }),
      ),
    );

    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses to change or delete a bank deposit wallet', async () => {
    const { key, customerId, bank } = await givenCustomerWithBank();
    const bankWallet = `${walletsOf(customerId)}/${bank.wallets[0]?.id}`;

    const patched = await request('PATCH', bankWallet, { key, body: { address: randomAddress() } });
    const deleted = await request('DELETE', bankWallet, { key });

    for (const res of [patched, deleted]) {
      expect(res).toMatchObject({ status: 409, body: { error: 'Bank deposit wallets cannot be modified' } });
    }
    expect((await request<Wallet>('GET', bankWallet, { key })).body.address).toBe(bank.wallets[0]?.address);
  });

  it('answers 404 for an unknown wallet and an unknown customer', async () => {
    const { key, customerId } = await givenCustomerWithBank();
    const body = { address: randomAddress() };

    expect(await request('PATCH', `${walletsOf(customerId)}/${MISSING}`, { key, body })).toMatchObject({
      status: 404,
      body: { error: 'Wallet not found' },
    });
    expect(await request('PATCH', `${walletsOf(MISSING)}/${MISSING}`, { key, body })).toMatchObject({
      status: 404,
      body: { error: 'Customer not found' },
    });
    expect(await request('GET', `${walletsOf(customerId)}/${MISSING}`, { key })).toMatchObject({
      status: 404,
      body: { error: 'Wallet not found' },
    });
    expect(await request('DELETE', `${walletsOf(customerId)}/${MISSING}`, { key })).toMatchObject({
      status: 404,
      body: { error: 'Wallet not found' },
    });
  });
});

describe('deleting a wallet', () => {
  it('deletes a destination wallet and releases its address', async () => {
    const { org, key, customerId } = await givenCustomerWithBank();
    const wallet = await givenDestinationWallet(key, customerId);

    const deleted = await request('DELETE', `${walletsOf(customerId)}/${wallet.id}`, { key });

    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect(await request('GET', `${walletsOf(customerId)}/${wallet.id}`, { key })).toMatchObject({ status: 404 });
    expect(await findWalletByAddress(deps.db, org.organizationId, wallet.address)).toBeUndefined();
  });
});
