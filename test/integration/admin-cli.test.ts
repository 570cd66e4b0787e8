import { userInfo } from 'node:os';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { run, UsageError } from '#infra/admin/cli.ts';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { routeList } from '#shared/routes.ts';
import { type Bank, eurBank, eventsOfBank, givenCustomer, KYC_ADDRESS } from '#test/support/banks/bank-requests.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

const deps = integrationDeps();
const { request } = useApi();
const admin = (...argv: string[]) => run(argv, () => deps.db) as Promise<Record<string, unknown>>;
/** The organization's audit log as the console reads it, newest first. */
const auditOf = (organizationId: string) => listAuditEntries(deps.db, organizationId, { limit: 100 });

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, SOME_ID).replace(/^\/api\/v2/, '');

describe('admin CLI against the table', () => {
  it('creates an organization whose key works at once, with the flags it was given', async () => {
    const created = await admin('org', 'create', '--name', 'Acme', '--no-api-withdrawals', '--approvals', '2');
    expect(created).toEqual({
      organizationId: expect.any(String),
      apiKeyId: expect.any(String),
      apiKey: expect.stringMatching(/^sk_sandbox_[0-9A-Za-z]{32,}$/),
    });
    const organization = await getOrganization(deps.db, String(created.organizationId));
    expect(organization).toMatchObject({
      name: 'Acme',
      features: { customers: true, apiWithdrawals: false },
      requiredApprovals: 2,
    });
    expect(await request('GET', '/customers', { key: String(created.apiKey) })).toMatchObject({
      status: 200,
      body: [],
    });
  });

  it('revokes a key so that the very next request is refused', async () => {
    const created = await admin('org', 'create', '--name', 'Revoker');
    const second = await admin('key', 'create', String(created.organizationId));
    await admin('key', 'revoke', String(created.apiKeyId));
    expect(await request('GET', '/customers', { key: String(created.apiKey) })).toMatchObject({
      status: 401,
      body: { error: 'Unauthorized - Invalid or missing API key or session' },
    });
    expect(await request('GET', '/customers', { key: String(second.apiKey) })).toMatchObject({ status: 200 });
    const keys = (await run(['key', 'list', String(created.organizationId)], () => deps.db)) as Array<
      Record<string, unknown>
    >;
    expect(keys.map((k) => k.status).sort()).toEqual(['ACTIVE', 'REVOKED']);
    expect(JSON.stringify(keys)).not.toContain(String(second.apiKey));
  });

  it('turns the customers feature off for every customers route, and on again', async () => {
    const created = await admin('org', 'create', '--name', 'Gated');
    await admin('org', 'update', String(created.organizationId), '--customers', 'off');
    const customerRoutes = routeList.filter((route) => route.path.startsWith('/api/v2/customers'));
    expect(customerRoutes.length).toBeGreaterThan(0);
    for (const route of customerRoutes) {
      const res = await request(route.method, concretePath(route.path), {
        key: String(created.apiKey),
        ...(route.method === 'GET' ? {} : { rawBody: '{bad json' }),
      });
      expect(res, route.operationId).toMatchObject({
        status: 403,
        body: { error: 'Customers feature is not enabled for your organization' },
      });
    }
    await admin('org', 'update', String(created.organizationId), '--customers', 'on');
    expect(await request('GET', '/customers', { key: String(created.apiKey) })).toMatchObject({ status: 200 });
  });

  it('updates the allowance and approval threshold', async () => {
    const created = await admin('org', 'create', '--name', 'Limits', '--env', 'live');
    const updated = await admin(
      'org',
      'update',
      String(created.organizationId),
      '--allowance',
      '2500.50',
      '--allowance-reset-minutes',
      '60',
      '--approvals',
      '3',
    );
    expect(updated).toMatchObject({
      environment: 'live',
      allowance: { limit: '2500.50', resetPeriodMinutes: 60 },
      requiredApprovals: 3,
    });
  });

  it("sets the organization's own NOT_POSSIBLE choice for payee checks, and `default` returns to the deployment's", async () => {
    const id = String((await admin('org', 'create', '--name', 'Payee')).organizationId);
    expect(await admin('org', 'update', id, '--payee-when-not-possible', 'proceed')).toMatchObject({
      payeeWhenNotPossible: 'proceed',
    });
    await expect(admin('org', 'update', id, '--payee-when-not-possible', 'maybe')).rejects.toThrow(
      /confirm, proceed or default/,
    );
    expect(await admin('org', 'update', id, '--payee-when-not-possible', 'default')).toMatchObject({
      payeeWhenNotPossible: null,
    });
  });

  it("sets a live organization's FX spread on ECB rates, 0 to 1000 basis points", async () => {
    const created = await admin('org', 'create', '--name', 'Spread', '--env', 'live');
    const id = String(created.organizationId);

    expect(await getOrganization(deps.db, id)).toMatchObject({ fees: { fxSpreadBps: 0 } });
    expect(await admin('org', 'update', id, '--fx-spread-bps', '25')).toMatchObject({
      fees: { feeBps: 50, minFee: '1.00', fxSpreadBps: 25 },
    });
    await expect(admin('org', 'update', id, '--fx-spread-bps', '1001')).rejects.toThrow(/0 to 1000/);
    await expect(admin('org', 'update', id, '--fx-spread-bps', '2.5')).rejects.toBeInstanceOf(UsageError);
    expect(await getOrganization(deps.db, id)).toMatchObject({ fees: { fxSpreadBps: 25 } });
  });

  it('sets the payout accounts payment files debit, and refuses malformed ones', async () => {
    const created = await admin('org', 'create', '--name', 'Payer', '--env', 'live');
    const id = String(created.organizationId);
    const accounts = {
      EUR: { name: 'Payer GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
      USD: {
        name: 'Payer Inc',
        accountNumber: '000123456789',
        routingNumber: '021000021',
        address: { street: 'Park Avenue', buildingNumber: '270', postCode: '10017', town: 'New York', country: 'US' },
      },
    };

    const updated = await admin('org', 'update', id, '--payout-accounts', JSON.stringify(accounts));

    expect(updated.payoutAccounts).toEqual({
      EUR: { currency: 'EUR', ...accounts.EUR },
      USD: { currency: 'USD', ...accounts.USD },
    });
    await expect(admin('org', 'update', id, '--payout-accounts', '{"EUR":{"name":"X","iban":"nope"}}')).rejects.toThrow(
      /--payout-accounts: EUR.iban/,
    );
    await expect(
      admin(
        'org',
        'update',
        id,
        '--payout-accounts',
        JSON.stringify({ USD: { ...accounts.USD, routingNumber: '021000022' } }),
      ),
    ).rejects.toThrow('--payout-accounts: USD.routingNumber: Invalid routing number');
    const { address: _, ...withoutAddress } = accounts.USD;
    await expect(
      admin('org', 'update', id, '--payout-accounts', JSON.stringify({ USD: withoutAddress })),
    ).rejects.toThrow('--payout-accounts: USD: FEDWIRE needs it, but the payout account has no address');
    await expect(
      admin(
        'org',
        'update',
        id,
        '--payout-accounts',
        JSON.stringify({ USD: { ...accounts.USD, domesticRail: 'ACH' } }),
      ),
    ).rejects.toThrow('--payout-accounts: USD: ACH needs it, but the payout account has no ACH company id');
    const ach = { ...accounts.USD, domesticRail: 'ACH', achCompanyId: '1123456789', achSameDay: true };
    expect(
      (await admin('org', 'update', id, '--payout-accounts', JSON.stringify({ USD: ach }))).payoutAccounts,
    ).toEqual({ EUR: { currency: 'EUR', ...accounts.EUR }, USD: { currency: 'USD', ...ach } });
    await expect(admin('org', 'update', id, '--payout-accounts', 'not json')).rejects.toBeInstanceOf(UsageError);
  });

  it('changes only the payout accounts of the currencies given, and all of them with --payout-accounts-replace', async () => {
    const id = String((await admin('org', 'create', '--name', 'Merger', '--env', 'live')).organizationId);
    const eur = { name: 'Merger GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' };
    const usd = {
      name: 'Merger Inc',
      accountNumber: '000123456789',
      routingNumber: '021000021',
      address: { street: 'Park Avenue', buildingNumber: '270', postCode: '10017', town: 'New York', country: 'US' },
    };
    await admin('org', 'update', id, '--payout-accounts', JSON.stringify({ EUR: eur }));

    const merged = await admin('org', 'update', id, '--payout-accounts', JSON.stringify({ USD: usd }));
    const replaced = await admin(
      'org',
      'update',
      id,
      '--payout-accounts',
      JSON.stringify({ USD: usd }),
      '--payout-accounts-replace',
    );

    expect(merged.payoutAccounts).toEqual({
      EUR: { currency: 'EUR', ...eur },
      USD: { currency: 'USD', ...usd },
    });
    expect(replaced.payoutAccounts).toEqual({ USD: { currency: 'USD', ...usd } });
    await expect(admin('org', 'update', id, '--payout-accounts-replace')).rejects.toThrow(
      '--payout-accounts-replace goes with --payout-accounts',
    );
    const [replacedEntry, mergedEntry] = await auditOf(id);
    expect(Object.keys(mergedEntry?.details ?? {})).toEqual(['usdPayoutAccount']);
    expect(mergedEntry?.details.usdPayoutAccount).toMatch(/^none -> \{.*"accountNumber":"000123456789"/);
    expect(replacedEntry?.details).toEqual({ eurPayoutAccount: expect.stringMatching(/"iban":"DE02.* -> none$/) });
  });

  it('refuses malformed commands with a usage error and writes nothing', async () => {
    await expect(admin('org', 'create')).rejects.toBeInstanceOf(UsageError);
    await expect(admin('org', 'create', '--name', 'X', '--env', 'prod')).rejects.toBeInstanceOf(UsageError);
    await expect(admin('org', 'update', SOME_ID, '--customers', 'maybe')).rejects.toBeInstanceOf(UsageError);
    await expect(admin('org', 'update', SOME_ID)).rejects.toBeInstanceOf(UsageError);
    await expect(admin('launch', 'rockets')).rejects.toBeInstanceOf(UsageError);
    await expect(admin('org', 'update', SOME_ID, '--approvals', '2')).rejects.toThrow(/not found/);
    await expect(admin('key', 'revoke', SOME_ID)).rejects.toThrow(/not found/);
    expect(await getOrganization(deps.db, SOME_ID)).toBeUndefined();
  });
});

describe('admin CLI: every change it makes to an organization is audited, as the console audits it', () => {
  const operator = { kind: 'operator', id: 'ops@example.com', email: 'ops@example.com' };

  it("audits each setting `org update` changes as `settings.changed`, before and after, as the operator's", async () => {
    const id = String((await admin('org', 'create', '--name', 'Audited', '--env', 'live')).organizationId);
    const treasury = privateKeyToAccount(generatePrivateKey()).address;
    const eurAccount = { name: 'Audited B.V.', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' };
    const eurBank = [
      '--eur-bank-name',
      'ABN AMRO Bank N.V.',
      '--eur-iban',
      'NL91ABNA0417164300',
      '--eur-bic',
      'ABNANL2A',
    ];
    const changes: [string[], Record<string, unknown>][] = [
      [['--customers', 'off'], { customers: 'true -> false' }],
      [['--api-withdrawals', 'off'], { apiWithdrawals: 'true -> false' }],
      [
        ['--allowance', '2500.50', '--allowance-reset-minutes', '60'],
        {
          allowanceLimit: expect.stringMatching(/ -> 2500.50$/),
          allowanceResetMinutes: expect.stringMatching(/ -> 60$/),
        },
      ],
      [['--approvals', '3'], { requiredApprovals: '1 -> 3' }],
      [['--fx-spread-bps', '25'], { fxSpreadBps: '0 -> 25' }],
      [['--payee-when-not-possible', 'proceed'], { payeeWhenNotPossible: 'none -> proceed' }],
      [['--treasury', `base=${treasury}`], { baseTreasury: `none -> ${treasury}` }],
      [
        ['--payout-accounts', JSON.stringify({ EUR: eurAccount })],
        { eurPayoutAccount: expect.stringMatching(/^none -> \{.*"iban":"NL91ABNA0417164300"/) },
      ],
      [eurBank, { eurReceivingBank: expect.stringMatching(/^none -> \{.*"bankName":"ABN AMRO Bank N.V."/) }],
      [['--eur-bank-reset'], { eurReceivingBank: expect.stringMatching(/"iban":"NL91ABNA0417164300".* -> none$/) }],
    ];

    for (const [flags, details] of changes) {
      const before = await auditOf(id);
      await admin('org', 'update', id, ...flags, '--as', 'Ops@Example.com');
      const entries = await auditOf(id);

      expect(entries.length, flags.join(' ')).toBe(before.length + 1);
      expect(entries[0], flags.join(' ')).toEqual({
        entryId: expect.any(String),
        organizationId: id,
        at: expect.any(String),
        actor: operator,
        action: 'settings.changed',
        target: id,
        sourceAddress: 'operator-cli',
        details,
      });
    }
  });

  it('audits as the user running the CLI when no --as is given, and writes no entry for a refused change', async () => {
    const id = String((await admin('org', 'create', '--name', 'Unnamed')).organizationId);

    await admin('org', 'update', id, '--approvals', '2');
    await expect(admin('org', 'update', id, '--approvals', '2', '--as', 'not a name')).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(admin('org', 'update', SOME_ID, '--approvals', '2', '--as', 'ops@example.com')).rejects.toThrow(
      /not found/,
    );

    const user = userInfo().username.toLowerCase();
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({ actor: { kind: 'operator', id: user, email: user }, action: 'settings.changed' }),
    ]);
    expect(await auditOf(SOME_ID)).toEqual([]);
  });

  it("audits a key created and a key revoked with the CLI as the operator's, as the console's are", async () => {
    const created = await admin('org', 'create', '--name', 'Keyed');
    const id = String(created.organizationId);

    const second = await admin('key', 'create', id, '--as', 'ops@example.com');
    await admin('key', 'revoke', String(created.apiKeyId), '--as', 'ops@example.com');
    await admin('key', 'revoke', String(created.apiKeyId), '--as', 'ops@example.com');

    const keys = (await run(['key', 'list', id], () => deps.db)) as Array<Record<string, unknown>>;
    const hintOf = (apiKeyId: unknown) => String(keys.find((key) => key.apiKeyId === apiKeyId)?.hint);
    expect(keys.find((key) => key.apiKeyId === second.apiKeyId)).toMatchObject({
      createdBy: 'operator:ops@example.com',
    });
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        actor: operator,
        action: 'api_key.revoked',
        target: created.apiKeyId,
        sourceAddress: 'operator-cli',
        details: { hint: hintOf(created.apiKeyId) },
      }),
      expect.objectContaining({
        actor: operator,
        action: 'api_key.created',
        target: second.apiKeyId,
        sourceAddress: 'operator-cli',
        details: { hint: hintOf(second.apiKeyId) },
      }),
    ]);
  });
});

describe('admin CLI: bank review', () => {
  async function givenPendingBank() {
    const org = await admin('org', 'create', '--name', 'Reviewed', '--env', 'live');
    // A live organization without a payee verifier checks NOT_POSSIBLE; this one proceeds to the operator's review.
    await admin('org', 'update', String(org.organizationId), '--payee-when-not-possible', 'proceed');
    const key = String(org.apiKey);
    const customerId = await givenCustomer(request, key, { approved: false });
    // Live organizations have no sandbox KYC route: the verdict goes straight to the table, as a provider's would.
    await approveKyc(deps, { organizationId: String(org.organizationId), customerId, address: KYC_ADDRESS });
    const created = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      key,
      body: eurBank({ recipientType: 'OTHER_BUSINESS', beneficiaryName: 'Globex', addressLine1: 'A 1', city: 'B' }),
    });
    expect(created.body.status).toBe('PENDING');
    return { key, customerId, bank: created.body };
  }

  it('approves a bank by its id alone, enabling its wallets', async () => {
    const { key, customerId, bank } = await givenPendingBank();

    const approved = (await admin('bank', 'approve', bank.id)) as unknown as Bank;

    expect(approved).toMatchObject({ id: bank.id, status: 'ACTIVE' });
    const fetched = await request<Bank>('GET', `/customers/${customerId}/withdrawal/banks/${bank.id}`, { key });
    expect(fetched.body.status).toBe('ACTIVE');
    expect(fetched.body.wallets.map((wallet) => wallet.enabled)).toEqual(bank.wallets.map(() => true));
    expect((await eventsOfBank(deps, bank.id)).map((e) => e.event_type)).toEqual([
      'withdrawal_bank.approved',
      'withdrawal_bank.created',
    ]);
  });

  it('rejects a bank with a reason, and refuses a second verdict', async () => {
    const { bank } = await givenPendingBank();

    const rejected = (await admin('bank', 'reject', bank.id, '--reason', 'Sanctions  hit')) as unknown as Bank;

    expect(rejected).toMatchObject({ status: 'REJECTED', rejectionReason: 'Sanctions hit' });
    await expect(admin('bank', 'approve', bank.id)).rejects.toThrow(
      'Only a PENDING withdrawal bank can be approved; this one is REJECTED',
    );
    const events = await eventsOfBank(deps, bank.id);
    expect(events.at(-1)?.data).toMatchObject({ status: 'REJECTED', reason: 'Sanctions hit' });
  });

  it('refuses an unknown bank and malformed bank commands', async () => {
    await expect(admin('bank', 'approve', SOME_ID)).rejects.toThrow('Withdrawal bank not found');
    await expect(admin('bank', 'approve')).rejects.toBeInstanceOf(UsageError);
    await expect(admin('bank', 'reject', SOME_ID, '--reason', ' ')).rejects.toBeInstanceOf(UsageError);
    await expect(admin('bank', 'reject', SOME_ID, '--because', 'x')).rejects.toThrow(/Unknown option/);
  });
});
