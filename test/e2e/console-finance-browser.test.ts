import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyHint } from '#shared/organizations/api-keys.ts';
import { RAIL_NAMES } from '#shared/rails/bank/rail.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { screenshotAndGraveViolations } from '#test/support/browser/accessibility.ts';
import { launchChromium, type Member, open, passkeyDevice } from '#test/support/browser/passkey-devices.ts';
import { type Runtime, startRuntime } from '#test/support/local-runtime.ts';
import { eventually } from '#test/support/webhooks/receiver.ts';

/**
 * The console as a finance team reconciles with it, in Debian Chromium on `npm start` (as `console-browser.test.ts`):
 * payouts that went by SEPA Instant and ACH shown by the rail the money took, the bank's beside it; the CSV export
 * Excel reads (UTF-8 with the byte order mark) with the settlement rail and the booking date of a returned payout,
 * and with full accounts for the owner; the reconciliation of a return the bank reported twice, once as money and
 * once as a duplicate; Home's balances said for what they are and its chart of the payouts that went out, on an
 * axis; the bank each deposit wallet pays; two batches of the same size told apart; and no request for anything
 * missing (a 404) on any page. Screenshots go with the console's.
 */
describe('the console for a finance team', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-console-finance-'));
  const bankDir = join(dataDir, 'bank');
  const shots = process.env.CONSOLE_SCREENSHOTS ?? join(import.meta.dirname, 'artifacts', 'console');
  let runtime: Runtime;
  let browser: Browser;
  let owner: Member;
  let customerId: string;
  let eurBank: string;
  const missing: string[] = [];
  const payouts: Record<'instant' | 'ach' | 'returned', Transaction> = {} as never;

  const api = async <T>(method: string, path: string, body?: object) => {
    const response = await runtime.api<T>(method, path, { key: runtime.localJson().apiKey, ...(body ? { body } : {}) });
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const shot = async (name: string) =>
    expect.soft(await screenshotAndGraveViolations(owner.page, join(shots, `${name}.png`), name)).toEqual([]);
  const bank = async (body: object) =>
    (
      await api<{ id: string }>('POST', `/customers/${customerId}/withdrawal/banks`, {
        beneficiaryName: 'Ada Lovelace',
        ...body,
      })
    ).id;
  const withdraw = (withdrawalBankId: string, idempotencyKey: string, extra: object = {}) =>
    api<Transaction>('POST', `/customers/${customerId}/withdrawal`, {
      withdrawalBankId,
      idempotencyKey,
      sourceAmount: '20',
      ...extra,
    });
  const completed = (created: Transaction) =>
    eventually(
      `${created.reference} to be COMPLETED`,
      async () => {
        const now = await api<Transaction>('GET', `/customers/${customerId}/transactions/${created.id}`);
        if (now.status === 'FAILED') throw new Error(`${created.reference} FAILED: ${now.failureReason}`);
        return now.status === 'COMPLETED' ? now : undefined;
      },
      120_000,
    );
  const files = (place: string) => (existsSync(join(bankDir, place)) ? readdirSync(join(bankDir, place)) : []);

  beforeAll(async () => {
    [runtime, browser] = await Promise.all([
      startRuntime(dataDir, { LOCAL_CHAIN: 'off', SANDBOX_SETTLE_AFTER_S: '1' }),
      launchChromium(),
    ]);
    owner = await passkeyDevice(browser, runtime.baseUrl);
    // Anything the console asks its own origin for and does not get: a page's request, an icon, an asset.
    owner.page.on('response', (response) => {
      if (response.status() === 404) missing.push(`${response.request().method()} ${response.url()}`);
    });
    mkdirSync(shots, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets up the owner and three settled payouts: SEPA Instant, ACH, and a SEPA one the bank returned and reported twice', async () => {
    await owner.page.goto(runtime.localJson().ownerInviteUrl ?? '');
    await owner.page.getByLabel('Your name').fill('Olive Owner');
    await owner.page.getByRole('button', { name: 'Create passkey and join' }).click();
    await owner.page.getByRole('heading', { name: 'Approvals' }).waitFor();

    ({ customerId } = await api<{ customerId: string }>('POST', '/customers', {
      name: 'Ada Lovelace',
      accountType: 'individual',
      email: 'ada@example.com',
    }));
    await api('POST', `/sandbox/customers/${customerId}/kyc/approve`, { verifiedName: 'Ada Lovelace' });
    await api('POST', `/sandbox/customers/${customerId}/balance`, { amount: '500.00' });
    eurBank = await bank({ currency: 'EUR', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' });
    // The sandbox's USD payout account pays US banks by ACH.
    const usdBank = await bank({ currency: 'USD', accountNumber: '000123456789', routingNumber: '021000021' });
    // One after the other: each a payout of its own, PROCESSING at once (the allowance and the balance cover them).
    const created = [
      await withdraw(eurBank, 'finance-instant', { instant: true }),
      await withdraw(usdBank, 'finance-ach'),
      await withdraw(eurBank, 'finance-sepa'),
    ];
    expect(created.map((payout) => payout.status)).toEqual(['PROCESSING', 'PROCESSING', 'PROCESSING']);
    const [instant, ach, returned] = await Promise.all(created.map(completed));
    Object.assign(payouts, { instant, ach, returned });
    expect([payouts.instant.settlementRail, payouts.ach.settlementRail]).toEqual(['SEPA_INSTANT', 'ACH']);
    expect([payouts.instant.paymentRail, payouts.ach.paymentRail]).toEqual(['SEPA', 'FEDWIRE']);

    await api('POST', `/sandbox/transactions/${payouts.returned.id}/return`, { reasonCode: 'AC04' });
    // The bank sends the same return again: a copy of the applied report dropped into the inbox once more.
    const report = files('processed').find((name) => name.startsWith(`sandbox-${payouts.returned.id}-`));
    if (!report) throw new Error(`no return report in processed/: ${files('processed').join(', ')}`);
    copyFileSync(join(bankDir, 'processed', report), join(bankDir, 'inbox', `again-${report}`));
    await eventually(
      'the second return report to be read',
      () => files('processed').includes(`again-${report}`),
      60_000,
    );
  }, 300_000);

  it("shows the rail the money went by, the bank's where it differs, and offers every rail to filter by", async () => {
    await open(owner, '#/transactions');
    const row = (payout: Transaction) => owner.page.locator(`tr[data-transaction="${payout.id}"] td[data-rail]`);
    await row(payouts.ach).waitFor();
    await shot('30-transactions-rails');
    expect(await row(payouts.ach).textContent()).toBe('ACHbank: FEDWIRE');
    expect(await row(payouts.instant).textContent()).toBe('SEPA_INSTANTbank: SEPA');
    expect(await row(payouts.returned).textContent()).toBe('SEPA');

    const rails = owner.page.getByLabel('Rail');
    expect(await rails.locator('option').evaluateAll((options) => options.map((o) => o.getAttribute('value')))).toEqual(
      ['', ...RAIL_NAMES],
    );
    await rails.selectOption('ACH');
    await owner.page.getByRole('button', { name: 'Search' }).click();
    await owner.page.locator(`tr[data-transaction="${payouts.instant.id}"]`).waitFor({ state: 'detached' });
    expect(await owner.page.locator('tbody tr[data-transaction]').count()).toBe(1);
    await row(payouts.ach).waitFor();
  });

  it('exports a CSV Excel reads as UTF-8: the byte order mark, no ellipsis, the settlement rail, the booking date of the return', async () => {
    await open(owner, '#/transactions');
    const download = async (button: string) => {
      const [file] = await Promise.all([
        owner.page.waitForEvent('download'),
        owner.page.getByRole('button', { name: button, exact: true }).click(),
      ]);
      return readFileSync((await file.path()) ?? '');
    };
    const bytes = await download('Export CSV');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8').slice(1);
    const [header = '', ...lines] = csv.split('\r\n').filter(Boolean);
    const columns = header.split(',');
    const rowOf = (payout: Transaction) => {
      const line = lines.find((candidate) => candidate.startsWith(`${payout.reference},`)) ?? '';
      return Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell]));
    };
    expect(csv).not.toContain('…');
    expect(rowOf(payouts.ach)).toMatchObject({ bankRail: 'FEDWIRE', settlementRail: 'ACH', account: '****6789' });
    expect(rowOf(payouts.returned)).toMatchObject({
      status: 'FAILED',
      account: 'DE89****3000',
      bookingDate: payouts.returned.completedAt?.slice(0, 10),
      createdByApiKey: apiKeyHint(runtime.localJson().apiKey).replace('…', '...'),
    });
    expect(rowOf(payouts.returned).returnedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // The owner may export the accounts in full; the page says it is recorded.
    const full = (await download('Export CSV with full accounts')).toString('utf8');
    await owner.page.getByText(/with full account numbers \(recorded in the audit log\)/).waitFor();
    expect(full).toContain(`${payouts.returned.reference},`);
    expect(full).toContain('DE89370400440532013000');
    expect(full).toContain('000123456789');
  });

  it('reconciles one row per movement: the return once as money, its second report as a duplicate that moved none', async () => {
    await open(owner, '#/reconciliation');
    const rows = owner.page.locator('tr[data-movement]').filter({ hasText: payouts.returned.reference });
    await rows.first().waitFor();
    await shot('31-reconciliation');
    const returned = rows.filter({ has: owner.page.locator('.effect-returned') });
    const duplicate = rows.filter({ has: owner.page.locator('.effect-duplicate') });
    expect(await returned.count()).toBe(1);
    // The copy, and any second read of the first report (the sandbox route and the inbox worker may both read it).
    expect(await duplicate.count()).toBeGreaterThanOrEqual(1);
    expect(await returned.textContent()).toContain(`${payouts.returned.targetAmount} EUR`);
    expect(await duplicate.first().textContent()).toMatch(/Duplicate report, no money moved.*not counted/);
    expect(await duplicate.first().textContent()).not.toContain(`${payouts.returned.targetAmount} EUR`);
    // Totals: the two EUR bookings out, the return back; the duplicate in none.
    const eur = owner.page.getByRole('table', { name: 'Totals' }).getByRole('row', { name: /^EUR/ });
    expect(await eur.textContent()).toMatch(/2 payouts.*1 payout/);

    await owner.page.getByLabel('Effect').selectOption('duplicate');
    await owner.page.getByRole('button', { name: 'Search' }).click();
    await returned.waitFor({ state: 'detached' });
    expect(
      new Set(
        await owner.page.locator('tr[data-movement]').evaluateAll((r) => r.map((e) => e.getAttribute('data-movement'))),
      ),
    ).toEqual(new Set(['duplicate']));
  });

  it('says on Home what each balance is, and charts only the withdrawals that went out, on an axis', async () => {
    // Over the allowance, then cancelled: it never went out, and the chart does not count it.
    await api('POST', '/sandbox/allowance', { limit: '10.00', resetPeriodMinutes: 1440 });
    const proposed = await withdraw(eurBank, 'finance-cancelled', { sourceAmount: '50' });
    expect(proposed.status).toBe('PROPOSED');
    await api('POST', `/customers/${customerId}/transactions/${proposed.id}/cancel`);

    await open(owner, '#/home');
    const own = owner.page.locator('[data-tile="own-usdc"]');
    await own.waitFor();
    await shot('32-home-finance');
    expect(await own.textContent()).toMatch(/USDC: your organization's own balance.*developer fees you have claimed/);
    const chart = owner.page.getByRole('img', { name: /USDC paid out per day/ });
    expect(await chart.locator('text').allTextContents()).toEqual(
      expect.arrayContaining(['0', 'USDC paid out', 'Day (UTC)']),
    );
    await owner.page.getByText('The figures', { exact: true }).click();
    const today = owner.page.locator('figure.chart tbody tr').last();
    // The instant and the ACH payout went out and stayed out; the returned one failed; the cancelled one never left.
    expect((await today.getByRole('cell').allTextContents()).slice(1)).toEqual(['2', '40.00', '1 failed, 1 cancelled']);
  });

  it('names the bank each deposit wallet pays out to', async () => {
    await open(owner, `#/customers/${customerId}`);
    await owner.page.getByRole('heading', { name: 'Deposit wallets' }).waitFor();
    await shot('33-customer-wallets');
    expect(
      await owner.page.getByRole('cell', { name: 'Ada Lovelace, EUR DE89 3704 0044 0532 0130 00' }).count(),
    ).toBeGreaterThan(0);
    expect(await owner.page.getByRole('cell', { name: 'Ada Lovelace, USD 000123456789' }).count()).toBeGreaterThan(0);
  });

  it('tells two batches of the same size and sum apart by when, by which key and which payouts; says one in the singular', async () => {
    const { customerId: grace } = await api<{ customerId: string }>('POST', '/customers', {
      name: 'Grace Hopper',
      accountType: 'individual',
      email: 'grace@example.com',
    });
    await api('POST', `/sandbox/customers/${grace}/kyc/approve`, { verifiedName: 'Grace Hopper' });
    await api('POST', `/sandbox/customers/${grace}/balance`, { amount: '100.00' });
    const { id: graceBank } = await api<{ id: string }>('POST', `/customers/${grace}/withdrawal/banks`, {
      beneficiaryName: 'Grace Hopper',
      currency: 'EUR',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
    const payees = [
      { customerId, withdrawalBankId: eurBank },
      { customerId: grace, withdrawalBankId: graceBank },
    ];
    // Over the 10 USDC allowance together (one per customer: a batch pays a customer once).
    const batch = (key: string, count: number, sourceAmount: string) =>
      api<{ batchId: string; proposed: boolean; results: { transaction: Transaction }[] }>(
        'POST',
        '/withdrawals/batch',
        {
          idempotencyKey: key,
          withdrawals: payees
            .slice(0, count)
            .map((payee, i) => ({ ...payee, idempotencyKey: `${key}-${i}`, sourceAmount })),
        },
      );
    const first = await batch('finance-batch-1', 2, '6.00');
    const second = await batch('finance-batch-2', 2, '6.00');
    const single = await batch('finance-batch-3', 1, '12.00');
    expect([first.proposed, second.proposed], JSON.stringify([first, second])).toEqual([true, true]);
    // Alone over the allowance: its one payout waits as a batch of one.
    expect(single.results.map((result) => result.transaction.status)).toEqual(['PROPOSED']);

    await open(owner, '#/approvals');
    const card = (batchId: string) => owner.page.locator(`article[data-batch="${batchId}"]`);
    await card(single.batchId).waitFor();
    await shot('34-approvals-two-batches');
    const [one, two] = [
      await card(first.batchId).locator('header').textContent(),
      await card(second.batchId).locator('header').textContent(),
    ];
    const hint = apiKeyHint(runtime.localJson().apiKey).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    for (const text of [one, two]) {
      expect(text).toMatch(
        new RegExp(
          `^Batch of 2 payouts: [\\d.]+ EUR.*Created .+ by API key ${hint} · 2 customers · WD-\\S+ and 1 more`,
        ),
      );
    }
    // Told apart at a glance: each names its own first payout (and its creation to the second).
    expect(one).not.toBe(two);
    const alone = await card(single.batchId).textContent();
    expect(alone).toMatch(/^Batch of 1 payout: .* · 1 customer · WD-[0-9A-Z]{4}-[0-9A-Z]{4}Proposed/);
    expect(alone).toContain("from 1 customer's balance");
    expect(alone).toContain('The payout');

    await open(owner, '#/settings');
    await owner.page.getByText('1 member signs each withdrawal over the allowance or the balance').waitFor();
  });

  it('asks for nothing that is missing on any page: no 404, and an icon of its own', async () => {
    for (const hash of ['#/home', '#/approvals', '#/transactions', '#/reconciliation', '#/settings']) {
      await open(owner, hash);
      await owner.page.getByText('Loading…').waitFor({ state: 'detached' });
    }
    expect(missing).toEqual([]);
    // A page that declares no icon has a desktop browser ask for /favicon.ico on every load, which nothing serves:
    // the 404 in its console. Headless Chromium asks for none, so the declared icon is checked here, and served.
    const [link] = await owner.page.locator('link[rel="icon"]').all();
    const href = link ? await link.getAttribute('href') : null;
    const served = await fetch(new URL(href ?? '/favicon.ico', runtime.baseUrl));
    const icon = { status: served.status, type: served.headers.get('content-type') };
    expect(icon).toEqual({ status: 200, type: 'image/svg+xml' });
  });
});
