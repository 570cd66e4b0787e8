import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { deriveDepositAddress, parseDepositXpub } from '#shared/wallets/derivation.ts';
import { findWalletByAddress } from '#shared/wallets/repository.ts';
import {
  type Bank,
  eurBank,
  eventsOfBank,
  givenCustomer,
  KYC_ADDRESS,
  usdBank,
} from '#test/support/banks/bank-requests.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { TEST_DEPOSIT_XPUB } from '#test/support/wallets/test-keys.ts';

const deps = integrationDeps();
const { request } = useApi();

const banksOf = (customerId: string) => `/customers/${customerId}/withdrawal/banks`;
const MISSING = '00000000-0000-4000-8000-000000000000';
const CHAINS = ['base', 'ethereum', 'polygon', 'arbitrum'];
const instructions = (chain: string) =>
  `Send USDC on ${chain} to this address to automatically receive funds in your bank account. Minimum: 5 USDC.`;

async function givenVerified(options: Parameters<typeof givenCustomer>[2] = {}) {
  const org = await givenOrganization(deps);
  const customerId = await givenCustomer(request, org.apiKey, options);
  return { org, key: org.apiKey, customerId };
}

describe('creating withdrawal banks', () => {
  it("creates the customer's own EUR bank ACTIVE, with one enabled derived wallet per chain and its event", async () => {
    const { org, key, customerId } = await givenVerified();

    const created = await request<Bank>('POST', banksOf(customerId), {
      key,
      body: eurBank({ iban: 'de89 3704 0044 0532 0130 00', bic: 'deutdeff', beneficiaryName: 'DOE, Jane' }),
    });

    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      customerId,
      beneficiaryName: 'DOE, Jane',
      currency: 'EUR',
      paymentRail: 'SEPA',
      iban: 'DE89370400440532013000',
      bic: 'DEUTDEFF',
      accountNumber: null,
      routingNumber: null,
      bankName: null,
      bankAddress: null,
      bankCountry: null,
      addressLine1: KYC_ADDRESS.addressLine1,
      city: KYC_ADDRESS.city,
      postalCode: KYC_ADDRESS.postalCode,
      country: 'DE',
      recipientType: 'CUSTOMER',
      recipientEmail: null,
      notificationEnabled: false,
      status: 'ACTIVE',
      rejectionReason: null,
      payeeVerification: {
        result: 'MATCH',
        matchedName: null,
        reason: null,
        source: 'sandbox',
        checkedAt: created.body.createdAt,
        confirmation: 'NOT_NEEDED',
        decidedBy: null,
        decidedAt: null,
      },
      prenote: null,
      createdAt: expect.any(String),
      wallets: CHAINS.map((chain) => ({
        id: expect.any(String),
        address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        currency: 'usdc',
        chain,
        enabled: true,
        createdAt: created.body.createdAt,
        updatedAt: created.body.createdAt,
        instructions: instructions(chain.charAt(0).toUpperCase() + chain.slice(1)),
      })),
    });
    const bank = created.body;
    expect(await request('GET', `${banksOf(customerId)}/${bank.id}`, { key })).toMatchObject({
      status: 200,
      body: bank,
    });
    expect(await request('GET', banksOf(customerId), { key })).toMatchObject({ status: 200, body: [bank] });
    expect(await eventsOfBank(deps, bank.id)).toEqual([
      expect.objectContaining({
        event_type: 'withdrawal_bank.created',
        org_id: org.organizationId,
        data: {
          customer_id: customerId,
          withdrawal_bank_id: bank.id,
          status: 'ACTIVE',
          payee_verification: { result: 'MATCH', matched_name: null, confirmation: 'NOT_NEEDED' },
        },
      }),
    ]);
  });

  it('derives each wallet address from DEPOSIT_XPUB at its own index and registers it for lookup', async () => {
    const { org, key, customerId } = await givenVerified();
    const { body: bank } = await request<Bank>('POST', banksOf(customerId), { key, body: eurBank() });
    const parent = parseDepositXpub(TEST_DEPOSIT_XPUB);

    for (const wallet of bank.wallets) {
      const lookup = await findWalletByAddress(deps.db, org.organizationId, wallet.address.toLowerCase());
      expect(lookup).toEqual({
        organizationId: org.organizationId,
        customerId,
        walletId: wallet.id,
        kind: 'BANK_DEPOSIT',
        bankId: bank.id,
        address: wallet.address,
        chain: wallet.chain,
      });
      const { Item } = await deps.db.client.send(
        new GetCommand({
          TableName: deps.db.tableName,
          Key: { pk: `ORG#${org.organizationId}#CUSTOMER#${customerId}`, sk: `WALLET#${wallet.id}` },
        }),
      );
      expect(deriveDepositAddress(parent, Number(Item?.derivationIndex))).toBe(wallet.address);
    }
    const other = await givenVerified();
    expect(await findWalletByAddress(deps.db, other.org.organizationId, bank.wallets[0]?.address ?? '')).toBe(
      undefined,
    );
  });

  it('gives every wallet of every bank its own address', async () => {
    const { key, customerId } = await givenVerified();
    const banks = await Promise.all([
      request<Bank>('POST', banksOf(customerId), { key, body: eurBank() }),
      request<Bank>('POST', banksOf(customerId), { key, body: usdBank() }),
      request<Bank>('POST', banksOf(customerId), { key, body: eurBank({ iban: 'FR1420041010050500013M02606' }) }),
    ]);

    const addresses = banks.flatMap((bank) => bank.body.wallets.map((wallet) => wallet.address.toLowerCase()));
    expect(addresses).toHaveLength(3 * CHAINS.length);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it("takes a corporate's address from its registered business address and matches the company name", async () => {
    const address = { addressLine1: '1 Canada Square', city: 'London', country: 'GB', postalCode: 'E14 5AB' };
    const { key, customerId } = await givenVerified({ accountType: 'corporate', name: 'Acme Trading Ltd', address });

    const created = await request<Bank>('POST', banksOf(customerId), {
      key,
      body: usdBank({ beneficiaryName: 'ACME TRADING LLC' }),
    });

    expect(created).toMatchObject({
      status: 201,
      body: {
        addressLine1: '1 Canada Square',
        city: 'London',
        country: 'GB',
        status: 'ACTIVE',
        paymentRail: 'FEDWIRE',
      },
    });
  });

  it('keeps an address the caller gives, and the country it gives', async () => {
    const { key, customerId } = await givenVerified();

    const created = await request<Bank>('POST', banksOf(customerId), {
      key,
      body: eurBank({ addressLine1: 'Rue de Rivoli 1', city: 'Paris', country: 'fr' }),
    });

    expect(created.body).toMatchObject({ addressLine1: 'Rue de Rivoli 1', city: 'Paris', country: 'FR' });
  });

  it('checks in the contract order: shape, customer, KYC, name, then duplicates', async () => {
    const { key, customerId } = await givenVerified({ verifiedName: 'Jane Doe' });
    const pending = await givenCustomer(request, key, { approved: false });

    expect(
      await request('POST', banksOf(MISSING), { key, body: eurBank({ iban: 'DE89370400440532013001' }) }),
    ).toMatchObject({
      status: 400,
      body: { error: 'iban: The check digits do not match the rest: a character is mistyped or two are swapped' },
    });
    expect(
      await request('POST', banksOf(MISSING), { key, body: eurBank({ beneficiaryName: 'Someone Else' }) }),
    ).toMatchObject({
      status: 404,
      body: { error: 'Customer not found' },
    });
    expect(
      await request('POST', banksOf(pending), { key, body: eurBank({ beneficiaryName: 'Someone Else' }) }),
    ).toMatchObject({
      status: 403,
      body: { error: 'Customer KYC verification must be completed' },
    });
    expect(
      await request('POST', banksOf(customerId), { key, body: eurBank({ beneficiaryName: 'Jane Dow' }) }),
    ).toMatchObject({
      status: 400,
      body: { error: "beneficiaryName: Beneficiary name does not match the customer's verified name" },
    });
    const first = await request<Bank>('POST', banksOf(customerId), { key, body: eurBank() });
    expect(first).toMatchObject({ status: 201 });
    expect(
      await request('POST', banksOf(customerId), { key, body: eurBank({ beneficiaryName: 'Jane Dow' }) }),
    ).toMatchObject({ status: 400 });
    expect(
      await request('POST', banksOf(customerId), { key, body: eurBank({ iban: 'DE89 3704 0044 0532 0130 00' }) }),
    ).toMatchObject({
      status: 409,
      body: {
        error: `A withdrawal bank with these account details already exists: ${first.body.id} (use its id, or GET .../withdrawal/banks)`,
      },
    });
    expect((await request<Bank[]>('GET', banksOf(customerId), { key })).body).toHaveLength(1);
  });

  it('refuses a third-party bank without an address, naming the field, and writes nothing', async () => {
    const { key, customerId } = await givenVerified();

    expect(
      await request('POST', banksOf(customerId), {
        key,
        body: eurBank({ recipientType: 'OTHER_BUSINESS', city: 'Paris' }),
      }),
    ).toMatchObject({ status: 400, body: { error: 'addressLine1: Required for OTHER_BUSINESS recipients' } });
    expect(await request('GET', banksOf(customerId), { key })).toMatchObject({ body: [] });
  });

  it('creates one bank of two concurrent identical creates; the other gets 409', async () => {
    const { key, customerId } = await givenVerified();

    const results = await Promise.all(
      [0, 1, 2].map(() => request<Bank>('POST', banksOf(customerId), { key, body: usdBank() })),
    );

    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const listed = await request<Bank[]>('GET', banksOf(customerId), { key });
    expect(listed.body.map((bank) => bank.id)).toEqual(results.filter((r) => r.status === 201).map((r) => r.body.id));
  });

  it('lets another customer register the same account', async () => {
    const { key, customerId } = await givenVerified();
    const second = await givenCustomer(request, key);

    expect(await request('POST', banksOf(customerId), { key, body: usdBank() })).toMatchObject({ status: 201 });
    expect(await request('POST', banksOf(second), { key, body: usdBank() })).toMatchObject({ status: 201 });
  });
});

describe('reviewing third-party banks', () => {
  it('keeps a third-party bank PENDING with disabled wallets until approved, then enables them', async () => {
    const { org, key, customerId } = await givenVerified();
    const created = await request<Bank>('POST', banksOf(customerId), {
      key,
      body: eurBank({
        beneficiaryName: 'Max Mustermann',
        recipientType: 'OTHER_INDIVIDUAL',
        iban: 'NL91ABNA0417164300',
        bic: 'ABNANL2A',
        addressLine1: 'Damrak 1',
        city: 'Amsterdam',
      }),
    });
    expect(created.body).toMatchObject({ status: 'PENDING', country: 'NL', beneficiaryName: 'Max Mustermann' });
    expect(created.body.wallets.every((wallet) => !wallet.enabled)).toBe(true);

    const approve = `/sandbox/customers/${customerId}/withdrawal/banks/${created.body.id}/approve`;
    const approved = await request<Bank>('POST', approve, { key });

    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('ACTIVE');
    expect(approved.body.wallets.map((w) => [w.address, w.enabled])).toEqual(
      created.body.wallets.map((w) => [w.address, true]),
    );
    const fetched = await request<Bank>('GET', `${banksOf(customerId)}/${created.body.id}`, { key });
    expect(fetched.body).toEqual(approved.body);
    expect(await eventsOfBank(deps, created.body.id)).toEqual([
      expect.objectContaining({
        event_type: 'withdrawal_bank.approved',
        org_id: org.organizationId,
        data: {
          customer_id: customerId,
          withdrawal_bank_id: created.body.id,
          status: 'ACTIVE',
          payee_verification: { result: 'MATCH', matched_name: null, confirmation: 'NOT_NEEDED' },
        },
      }),
      expect.objectContaining({
        event_type: 'withdrawal_bank.created',
        data: {
          customer_id: customerId,
          withdrawal_bank_id: created.body.id,
          status: 'PENDING',
          payee_verification: { result: 'MATCH', matched_name: null, confirmation: 'NOT_NEEDED' },
        },
      }),
    ]);

    expect(await request('POST', approve, { key })).toMatchObject({
      status: 409,
      body: { error: 'Only a PENDING withdrawal bank can be approved; this one is ACTIVE' },
    });
    expect(await request('POST', approve.replace(/approve$/, 'reject'), { key })).toMatchObject({ status: 409 });
    expect(await eventsOfBank(deps, created.body.id)).toHaveLength(2);
  });

  it('rejects with a reason, leaves the wallets disabled and frees the account details for a new request', async () => {
    const { key, customerId } = await givenVerified();
    const body = usdBank({
      beneficiaryName: 'Globex Corporation',
      recipientType: 'OTHER_BUSINESS',
      addressLine1: '1 Main St',
      city: 'Springfield',
    });
    const { body: bank } = await request<Bank>('POST', banksOf(customerId), { key, body });
    expect(bank).toMatchObject({ status: 'PENDING', country: 'US' });

    const rejected = await request<Bank>(
      'POST',
      `/sandbox/customers/${customerId}/withdrawal/banks/${bank.id}/reject`,
      { key, body: { reason: 'Beneficiary could not be verified' } },
    );

    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejectionReason: 'Beneficiary could not be verified' });
    expect(rejected.body.wallets.every((wallet) => !wallet.enabled)).toBe(true);
    const events = await eventsOfBank(deps, bank.id);
    expect(events.map((e) => e.event_type)).toEqual(['withdrawal_bank.created', 'withdrawal_bank.rejected']);
    expect(events[1]?.data).toEqual({
      customer_id: customerId,
      withdrawal_bank_id: bank.id,
      status: 'REJECTED',
      reason: 'Beneficiary could not be verified',
      payee_verification: { result: 'NOT_APPLICABLE', matched_name: null, confirmation: 'NOT_NEEDED' },
    });
    expect(await request('POST', banksOf(customerId), { key, body })).toMatchObject({ status: 201 });
  });

  it('lets exactly one of two concurrent verdicts win', async () => {
    const { key, customerId } = await givenVerified();
    const { body: bank } = await request<Bank>('POST', banksOf(customerId), {
      key,
      body: eurBank({ recipientType: 'OTHER_INDIVIDUAL', beneficiaryName: 'Max', addressLine1: 'A 1', city: 'B' }),
    });
    const base = `/sandbox/customers/${customerId}/withdrawal/banks/${bank.id}`;

    const results = await Promise.all([
      request('POST', `${base}/approve`, { key }),
      request('POST', `${base}/reject`, { key }),
      request('POST', `${base}/approve`, { key }),
    ]);

    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await eventsOfBank(deps, bank.id)).toHaveLength(2);
  });

  it('hides the sandbox review routes from live organizations', async () => {
    const org = await givenOrganization(deps, { environment: 'live' });
    expect(
      await request('POST', `/sandbox/customers/${MISSING}/withdrawal/banks/${MISSING}/approve`, { key: org.apiKey }),
    ).toMatchObject({ status: 404, body: { error: 'Not found' } });
  });
});

describe('reading withdrawal banks', () => {
  it('pages through banks newest first with a Link header', async () => {
    const { key, customerId } = await givenVerified();
    const ids: string[] = [];
    for (const accountNumber of ['1001', '1002', '1003']) {
      ids.push((await request<Bank>('POST', banksOf(customerId), { key, body: usdBank({ accountNumber }) })).body.id);
    }

    const first = await request<Bank[]>('GET', `${banksOf(customerId)}?limit=2`, { key });
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1] ?? '';
    const second = await request<Bank[]>('GET', next, { key });

    expect([...first.body, ...second.body].map((bank) => bank.id)).toEqual([...ids].reverse());
    expect(second.headers.get('link')).toBeNull();
    expect(second.body[0]?.wallets).toHaveLength(CHAINS.length);
  });

  it('answers 404 for a missing customer, a missing bank and another customer’s bank', async () => {
    const { key, customerId } = await givenVerified();
    const other = await givenCustomer(request, key);
    const { body: bank } = await request<Bank>('POST', banksOf(customerId), { key, body: eurBank() });

    expect(await request('GET', banksOf(MISSING), { key })).toMatchObject({
      status: 404,
      body: { error: 'Customer not found' },
    });
    expect(await request('GET', `${banksOf(MISSING)}/${bank.id}`, { key })).toMatchObject({
      status: 404,
      body: { error: 'Customer not found' },
    });
    for (const path of [`${banksOf(customerId)}/${MISSING}`, `${banksOf(other)}/${bank.id}`]) {
      expect(await request('GET', path, { key }), path).toMatchObject({
        status: 404,
        body: { error: 'Withdrawal bank not found' },
      });
    }
    expect(
      await request('POST', `/sandbox/customers/${other}/withdrawal/banks/${bank.id}/approve`, { key }),
    ).toMatchObject({ status: 404, body: { error: 'Withdrawal bank not found' } });
  });

  it("answers 404 to another organization's key everywhere and changes nothing", async () => {
    const { key, customerId } = await givenVerified();
    const { body: bank } = await request<Bank>('POST', banksOf(customerId), {
      key,
      body: eurBank({ recipientType: 'OTHER_INDIVIDUAL', beneficiaryName: 'Max', addressLine1: 'A 1', city: 'B' }),
    });
    const intruder = await givenOrganization(deps);

    for (const [method, path, body] of [
      ['GET', banksOf(customerId), undefined],
      ['GET', `${banksOf(customerId)}/${bank.id}`, undefined],
      ['POST', banksOf(customerId), eurBank({ iban: 'GB29NWBK60161331926819', bic: 'NWBKGB2L' })],
      ['POST', `/sandbox/customers/${customerId}/withdrawal/banks/${bank.id}/approve`, undefined],
    ] as const) {
      const res = await request(method, path, { key: intruder.apiKey, body });
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'Customer not found' } });
    }
    const after = await request<Bank>('GET', `${banksOf(customerId)}/${bank.id}`, { key });
    expect(after.body).toEqual(bank);
  });
});
