import { beforeAll, describe, expect, it } from 'vitest';
import { payeeDecisionChallenge } from '#shared/console/approvals/payee-decision-rules.ts';
import { verifyAssertion } from '#shared/console/common/passkeys.ts';
import { getPasskey, listAuditEntries } from '#shared/console/common/repository.ts';
import { createOwnerInvite } from '#shared/console/identity/create-owner-invite.ts';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { NO_PROVIDER_REASON } from '#shared/rails/payee-verification/verifier-for.ts';
import { type Bank, eurBank, eventsOfBank, givenCustomer, usdBank } from '#test/support/banks/bank-requests.ts';
import { ConsoleTab, tokenOfInviteUrl } from '#test/support/console/console-client.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

/**
 * Verification of Payee in the sandbox, over HTTP on DynamoDB Local: each answer by the beneficiary name, a held
 * bank neither paid nor reviewed until a member decides with a passkey in the console, and the decision audited.
 */
const deps = integrationDeps();
const { request, origin } = useApi();
const banksOf = (customerId: string) => `/customers/${customerId}/withdrawal/banks`;

type Org = Awaited<ReturnType<typeof givenOrganization>>;
type Verification = { result: string; matchedName: string | null; confirmation: string; reason: string | null };
type BankWithCheck = Bank & { payeeVerification: Verification & { decidedBy: string | null } };

async function ownerOf(org: Org, email: string) {
  const owner = new ConsoleTab(request, origin);
  const invite = await createOwnerInvite(deps, {
    organizationId: org.organizationId,
    email,
    operator: 'ops@payouts.dev',
  });
  expect((await owner.acceptInvite(tokenOfInviteUrl(invite.url), 'Olivia Owner')).status).toBe(201);
  return owner;
}

/** A KYC-approved customer named `name` and its own EUR bank in that name. */
async function customerBank(org: Org, name: string, iban = 'DE89370400440532013000') {
  const customerId = await givenCustomer(request, org.apiKey, { name });
  const created = await request<BankWithCheck>('POST', banksOf(customerId), {
    key: org.apiKey,
    body: eurBank({ beneficiaryName: name, iban }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { customerId, bank: created.body };
}

async function credit(org: Org, customerId: string) {
  const credited = await request('POST', `/sandbox/customers/${customerId}/balance`, {
    key: org.apiKey,
    body: { amount: '100.00' },
  });
  expect(credited.status).toBe(201);
}

const withdraw = (org: Org, customerId: string, bankId: string) =>
  request<{ status: string; error: string }>('POST', `/customers/${customerId}/withdrawal`, {
    key: org.apiKey,
    body: { withdrawalBankId: bankId, sourceAmount: '20.00', idempotencyKey: crypto.randomUUID() },
  });

let org: Org;
let owner: ConsoleTab;

beforeAll(async () => {
  org = await givenOrganization(deps);
  owner = await ownerOf(org, 'owner@example.com');
});

describe('the sandbox answer, by the beneficiary name', () => {
  it.each([
    ['Jane Doe', 'MATCH', 'ACTIVE', null, 'NOT_NEEDED'],
    ['Jane Close Match Doe', 'CLOSE_MATCH', 'PENDING', 'Jane Doe', 'AWAITING'],
    ['Jane No Match Doe', 'NO_MATCH', 'PENDING', null, 'AWAITING'],
    ['Jane Unavailable Doe', 'NOT_POSSIBLE', 'PENDING', null, 'AWAITING'],
  ])('%s: %s, the bank %s', async (name, result, status, matchedName, confirmation) => {
    const { bank } = await customerBank(org, name);
    expect(bank.status).toBe(status);
    expect(bank.payeeVerification).toMatchObject({ result, matchedName, confirmation, decidedBy: null });
    expect(bank.wallets.every((wallet) => wallet.enabled === (status === 'ACTIVE'))).toBe(true);
    const stored = await request<BankWithCheck>('GET', `${banksOf(bank.customerId)}/${bank.id}`, { key: org.apiKey });
    expect(stored.body.payeeVerification).toEqual(bank.payeeVerification);
    const [created] = await eventsOfBank(deps, bank.id);
    expect(created?.data).toMatchObject({
      status,
      payee_verification: { result, matched_name: matchedName, confirmation },
    });
  });

  it('answers NOT_APPLICABLE for a USD bank, which goes on as before', async () => {
    const customerId = await givenCustomer(request, org.apiKey, { name: 'Jane No Match Doe' });
    const created = await request<BankWithCheck>('POST', banksOf(customerId), {
      key: org.apiKey,
      body: usdBank({ beneficiaryName: 'Jane No Match Doe' }),
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('ACTIVE');
    expect(created.body.payeeVerification).toMatchObject({ result: 'NOT_APPLICABLE', confirmation: 'NOT_NEEDED' });
    expect(created.body.payeeVerification.reason).toMatch(/euro credit transfers/);
  });
});

describe('a name with an invisible character', () => {
  const ZWSP = '\u200b';
  const refusedZwsp = (at: number) =>
    `beneficiaryName: Must not contain control, invisible or formatting characters: remove U+200B at character ${at}`;
  const listBanks = async (customerId: string) =>
    (await request<Bank[]>('GET', banksOf(customerId), { key: org.apiKey })).body;

  it('is refused with a 400 naming the field and the character, and no bank is made', async () => {
    const customerId = await givenCustomer(request, org.apiKey, { name: 'Ada Lovelace' });

    const refused = await request('POST', banksOf(customerId), {
      key: org.apiKey,
      body: eurBank({ beneficiaryName: `Ada${ZWSP} Lovelace` }),
    });

    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: refusedZwsp(4) });
    expect(await listBanks(customerId)).toEqual([]);
  });

  it.each([
    ['its own account', 'CUSTOMER'],
    ["a third party's account", 'OTHER_INDIVIDUAL'],
  ])('cannot turn the CLOSE_MATCH name into a MATCH (%s)', async (_, recipientType) => {
    const customerId = await givenCustomer(request, org.apiKey, { name: 'Ada Close Match Lovelace' });
    const third = recipientType === 'CUSTOMER' ? {} : { recipientType, addressLine1: 'Hauptstraße 5', city: 'München' };

    const hidden = await request('POST', banksOf(customerId), {
      key: org.apiKey,
      body: eurBank({ beneficiaryName: `Ada Close${ZWSP} Match Lovelace`, ...third }),
    });
    const plain = await request<BankWithCheck>('POST', banksOf(customerId), {
      key: org.apiKey,
      body: eurBank({ beneficiaryName: 'Ada Close Match Lovelace', ...third }),
    });

    expect(hidden.status).toBe(400);
    expect(hidden.body).toEqual({ error: refusedZwsp(10) });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.status).toBe('PENDING');
    expect(plain.body.payeeVerification).toMatchObject({ result: 'CLOSE_MATCH', confirmation: 'AWAITING' });
    expect((await listBanks(customerId)).map((bank) => bank.id)).toEqual([plain.body.id]);
  });

  it("is refused in the customer's own name too", async () => {
    const refused = await request('POST', '/customers', {
      key: org.apiKey,
      body: { name: `Ada${ZWSP} Lovelace`, accountType: 'individual', email: 'ada@example.com' },
    });

    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'name: Must not contain control, invisible or formatting characters: remove U+200B at character 4',
    });
  });
});

describe("NOT_POSSIBLE as the organization's setting says", () => {
  it("lets an organization's `proceed` pass an unanswered check, `default` back to the deployment's `confirm`", async () => {
    const own = await givenOrganization(deps);
    const member = await ownerOf(own, 'setter@example.com');
    const settings = () => member.call<{ payeeVerification: unknown }>('GET', '/settings');
    expect((await settings()).body.payeeVerification).toEqual({ whenNotPossible: 'confirm', source: 'deployment' });

    await updateOrganization(deps.db, own.organizationId, { payeeWhenNotPossible: 'proceed' }, new Date());
    expect((await settings()).body.payeeVerification).toEqual({ whenNotPossible: 'proceed', source: 'organization' });
    const proceeded = await customerBank(own, 'Jane Unavailable Doe');
    expect(proceeded.bank.status).toBe('ACTIVE');
    expect(proceeded.bank.payeeVerification).toMatchObject({ result: 'NOT_POSSIBLE', confirmation: 'NOT_NEEDED' });
    // Another organization on the same deployment keeps the deployment's default.
    const elsewhere = await customerBank(org, 'Jane Unavailable Doe', 'FR1420041010050500013M02606');
    expect(elsewhere.bank.payeeVerification.confirmation).toBe('AWAITING');

    await updateOrganization(deps.db, own.organizationId, { payeeWhenNotPossible: null }, new Date());
    expect((await settings()).body.payeeVerification).toEqual({ whenNotPossible: 'confirm', source: 'deployment' });
    const held = await customerBank(own, 'Jane Unavailable Doe', 'GB82WEST12345698765432');
    expect(held.bank.status).toBe('PENDING');
    expect(held.bank.payeeVerification.confirmation).toBe('AWAITING');
  });
});

describe('a bank held for confirmation', () => {
  it('refuses withdrawals and the sandbox review until a member confirms it; then it is ACTIVE and pays', async () => {
    const { customerId, bank } = await customerBank(org, 'Ada Close Match Lovelace');
    await credit(org, customerId);

    const refused = await withdraw(org, customerId, bank.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/PENDING until a member confirms the payee name in the console/);
    expect(refused.body.error).toContain('CLOSE_MATCH');
    const review = await request<{ error: string }>(
      'POST',
      `/sandbox/customers/${customerId}/withdrawal/banks/${bank.id}/approve`,
      { key: org.apiKey },
    );
    expect(review.status).toBe(409);

    const listed = await owner.call<{ bankId: string; result: string; matchedName: string }[]>(
      'GET',
      '/payee-confirmations',
    );
    expect(listed.status).toBe(200);
    expect(listed.body.find((entry) => entry.bankId === bank.id)).toMatchObject({
      customerId,
      customerName: 'Ada Close Match Lovelace',
      result: 'CLOSE_MATCH',
      matchedName: 'Ada Lovelace',
    });

    const decided = await owner.decidePayee(bank.id, 'CONFIRM');
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body).toMatchObject({
      status: 'ACTIVE',
      payeeVerification: { result: 'CLOSE_MATCH', confirmation: 'CONFIRMED', decidedBy: 'owner@example.com' },
    });
    const listedAfter = await owner.call<{ bankId: string }[]>('GET', '/payee-confirmations');
    expect(listedAfter.body.map((entry) => entry.bankId)).not.toContain(bank.id);
    const events = await eventsOfBank(deps, bank.id);
    expect(events.map((event) => event.event_type)).toEqual(['withdrawal_bank.approved', 'withdrawal_bank.created']);
    expect(events[0]?.data).toMatchObject({ status: 'ACTIVE', payee_verification: { confirmation: 'CONFIRMED' } });

    expect((await withdraw(org, customerId, bank.id)).body.status).toBe('PROCESSING');
    // Decided once: a second decision finds nothing awaiting.
    expect((await owner.decidePayee(bank.id, 'REJECT', 'changed my mind')).status).toBe(404);
  });

  it('audits the decision with a signature that verifies against the member’s passkey over what was shown', async () => {
    const { bank } = await customerBank(org, 'Grace Close Match Hopper', 'FR1420041010050500013M02606');
    expect((await owner.decidePayee(bank.id, 'CONFIRM')).status).toBe(200);

    const [entry] = await listAuditEntries(deps.db, org.organizationId, {
      limit: 10,
      action: 'withdrawal_bank.payee_confirmed',
    }).then((entries) => entries.filter((e) => e.target === bank.id));
    expect(entry?.actor).toMatchObject({ kind: 'member', email: 'owner@example.com' });
    const details = entry?.details ?? {};
    expect(details).toMatchObject({ result: 'CLOSE_MATCH', matchedName: 'Grace Hopper', account: bank.iban });
    const passkey = await getPasskey(deps.db, details.credentialId ?? '');
    if (!passkey) throw new Error('the audited credential is no passkey of the member');
    const signed = {
      bankId: bank.id,
      customerId: bank.customerId,
      beneficiary: 'Grace Close Match Hopper',
      account: bank.iban ?? '',
      result: 'CLOSE_MATCH',
      matchedName: 'Grace Hopper',
      decision: 'CONFIRM' as const,
      reason: '',
    };
    const assertion = {
      id: passkey.credentialId,
      rawId: passkey.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        authenticatorData: details.authenticatorData ?? '',
        clientDataJSON: details.clientDataJSON ?? '',
        signature: details.signature ?? '',
      },
    };
    const rp = deps.config.console;
    const unlimited = { ...passkey, counter: 0 };
    await expect(
      verifyAssertion(rp, assertion, payeeDecisionChallenge(signed, details.nonce ?? ''), unlimited),
    ).resolves.toBeGreaterThan(0);
    // The same signature does not pass for another decision on the same bank.
    await expect(
      verifyAssertion(
        rp,
        assertion,
        payeeDecisionChallenge({ ...signed, decision: 'REJECT' }, details.nonce ?? ''),
        unlimited,
      ),
    ).rejects.toThrow();
  });

  it('rejects with a reason: REJECTED, the account released for a corrected request, the rejection audited', async () => {
    const { customerId, bank } = await customerBank(org, 'Jane No Match Doe', 'NL91ABNA0417164300');
    const decided = await owner.decidePayee(bank.id, 'REJECT', 'Not the account holder');
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Not the account holder',
      payeeVerification: { result: 'NO_MATCH', confirmation: 'REJECTED' },
    });
    const again = await request<BankWithCheck>('POST', banksOf(customerId), {
      key: org.apiKey,
      body: eurBank({ beneficiaryName: 'Jane No Match Doe', iban: 'NL91ABNA0417164300' }),
    });
    expect(again.status).toBe(201);
    const audit = await listAuditEntries(deps.db, org.organizationId, {
      limit: 50,
      action: 'withdrawal_bank.payee_rejected',
    });
    expect(audit.find((e) => e.target === bank.id)?.details).toMatchObject({ reason: 'Not the account holder' });
  });

  it("keeps a third party's confirmed bank PENDING for the operator's review, which may then approve it", async () => {
    const customerId = await givenCustomer(request, org.apiKey);
    const created = await request<BankWithCheck>('POST', banksOf(customerId), {
      key: org.apiKey,
      body: eurBank({
        beneficiaryName: 'Acme Close Match GmbH',
        recipientType: 'OTHER_BUSINESS',
        addressLine1: 'Hauptstraße 1',
        city: 'Berlin',
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bankId = created.body.id;
    const confirmed = await owner.decidePayee(bankId, 'CONFIRM');
    expect(confirmed.body).toMatchObject({ status: 'PENDING', payeeVerification: { confirmation: 'CONFIRMED' } });
    const approved = await request<BankWithCheck>(
      'POST',
      `/sandbox/customers/${customerId}/withdrawal/banks/${bankId}/approve`,
      { key: org.apiKey },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.status).toBe('ACTIVE');
  });

  it("is another organization's to decide: neither listed to nor decided by a stranger's member", async () => {
    const { bank } = await customerBank(org, 'Ada Close Match Byron');
    const stranger = await ownerOf(await givenOrganization(deps), 'stranger@example.com');
    const listed = await stranger.call<unknown[]>('GET', '/payee-confirmations');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(bank.id);
    const refused = await stranger.decidePayee(bank.id, 'CONFIRM');
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: 'No withdrawal bank of this organization awaits confirmation' });
    const mine = await request<BankWithCheck>('GET', `${banksOf(bank.customerId)}/${bank.id}`, { key: org.apiKey });
    expect(mine.body.payeeVerification.confirmation).toBe('AWAITING');
  });
});

describe('a live organization without a Verification of Payee provider', () => {
  it('gets NOT_POSSIBLE from no one, never the stand-in’s MATCH, and the bank waits for a member', async () => {
    const live = await givenOrganization(deps, { environment: 'live' });
    const customerId = await givenCustomer(request, live.apiKey, { name: 'Ada Lovelace', approved: false });
    // A live organization's KYC comes from its provider; the use case stands in for its approval here.
    await approveKyc(deps, { organizationId: live.organizationId, customerId });
    const created = await request<BankWithCheck>('POST', banksOf(customerId), {
      key: live.apiKey,
      body: eurBank({ beneficiaryName: 'Ada Lovelace' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.payeeVerification).toMatchObject({
      result: 'NOT_POSSIBLE',
      source: 'none',
      reason: NO_PROVIDER_REASON,
      confirmation: 'AWAITING',
    });
  });
});
