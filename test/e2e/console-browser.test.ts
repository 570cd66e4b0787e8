import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyHint } from '#shared/organizations/api-keys.ts';
import { screenshotAndGraveViolations } from '#test/support/browser/accessibility.ts';
import {
  accept,
  expireSession,
  fetchFrom,
  launchChromium,
  type Member,
  mailedInviteLink,
  open,
  passkeyDevice,
} from '#test/support/browser/passkey-devices.ts';
import { admin, type Runtime, startRuntime } from '#test/support/local-runtime.ts';
import { eventually, type Receiver, startReceiver } from '#test/support/webhooks/receiver.ts';

/**
 * The organization console in Debian Chromium, as its members use it: each member is a browser context with its
 * own DevTools virtual authenticator (a platform passkey with user verification), so passkeys are created and
 * asserted by the browser itself. Every page is screenshotted into `test/e2e/artifacts/console/` (gitignored; or
 * the folder CONSOLE_SCREENSHOTS names), kept for a person to look at, and checked with axe-core: no serious or
 * critical accessibility violation on any page.
 */
describe('the organization console in Chromium', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-console-'));
  const shots = process.env.CONSOLE_SCREENSHOTS ?? join(import.meta.dirname, 'artifacts', 'console');
  let runtime: Runtime;
  let browser: Browser;
  let receiver: Receiver;
  let owner: Member;
  let approver: Member;
  let viewer: Member;
  let secret: string;
  let transactionId: string;
  let customerId: string;
  let bankId: string;

  const api = async <T>(method: string, path: string, body?: object) => {
    const response = await runtime.api<T>(method, path, { key: runtime.localJson().apiKey, ...(body ? { body } : {}) });
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  /** A page's screenshot and its axe-core check; soft, so every page is checked in one run (any still fails it). */
  const shot = async (member: Member, name: string) =>
    expect.soft(await screenshotAndGraveViolations(member.page, join(shots, `${name}.png`), name)).toEqual([]);

  const device = () => passkeyDevice(browser, runtime.baseUrl);
  const mailedInvite = (email: string) => mailedInviteLink(join(dataDir, 'mail'), email);

  beforeAll(async () => {
    [runtime, browser, receiver] = await Promise.all([
      startRuntime(dataDir, { LOCAL_CHAIN: 'off', SANDBOX_SETTLE_AFTER_S: '1' }),
      launchChromium(),
      startReceiver(),
    ]);
    [owner, approver, viewer] = await Promise.all([device(), device(), device()]);
    mkdirSync(shots, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`console screenshots in ${shots}`);
  });

  it('serves the built app at /console/ and prints the console URL and a one-time owner invite', async () => {
    const local = runtime.localJson();
    const page = await fetch(`${runtime.baseUrl}/console/`);
    const traversal = await fetch(`${runtime.baseUrl}/console/..%2f..%2fpackage.json`);

    expect(local.consoleUrl).toBe(`${runtime.baseUrl}/console/`);
    expect(local.ownerInviteUrl).toMatch(/^http:\/\/localhost:\d+\/console\/#\/invite\/[0-9A-Za-z]{43}$/);
    expect(runtime.output()).toContain(`Console          ${local.consoleUrl}`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await page.text()).toContain('<div id="root">');
    expect(traversal.status).toBe(404);
  });

  it('lets the owner join with a passkey from the invite link, sign out and sign in again', async () => {
    await owner.page.goto(runtime.localJson().ownerInviteUrl ?? '');
    await owner.page.getByLabel('Your name').fill('Olive Owner');
    // The page names the organization and the role before anything is registered.
    await owner.page.getByRole('heading', { name: 'Join Local sandbox' }).waitFor();
    expect(await owner.page.getByText(/is invited to Local sandbox as owner: .*change the settings/).count()).toBe(1);
    await shot(owner, '01-invite');
    await owner.page.getByRole('button', { name: 'Create passkey and join' }).click();
    await owner.page.getByRole('heading', { name: 'Approvals' }).waitFor();
    await shot(owner, '02-approvals-empty');

    await owner.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await owner.page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await shot(owner, '03-sign-in');
    await owner.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await owner.page.getByRole('heading', { name: 'Approvals' }).waitFor();

    expect(await owner.page.getByText('owner@sandbox.local · owner').isVisible()).toBe(true);
    expect(await fetchFrom(owner, '/api/console/session', {}, 'GET')).toBe(200);
  });

  it('lets the owner invite an approver and a viewer, who join on their own devices', async () => {
    await open(owner, '#/members');
    for (const [email, role] of [
      ['alan@example.com', 'approver'],
      ['vera@example.com', 'viewer'],
    ] as const) {
      await owner.page.getByLabel('E-mail').fill(email);
      await owner.page.getByLabel('Role').selectOption(role);
      await owner.page.getByRole('button', { name: 'Send invite' }).click();
      await owner.page.getByText(`Invite mailed to ${email} as ${role}`).waitFor();
    }
    await shot(owner, '04-members-invited');

    await accept(approver, mailedInvite('alan@example.com'), 'Alan Approver');
    await accept(viewer, mailedInvite('vera@example.com'), 'Vera Viewer');
    await owner.page.reload();
    await owner.page.getByRole('cell', { name: 'Vera Viewer' }).waitFor();
    await shot(owner, '05-members');

    expect(await owner.page.getByRole('cell', { name: 'alan@example.com' }).isVisible()).toBe(true);
    expect(await owner.page.getByText('No invite is waiting to be accepted.').isVisible()).toBe(true);
  });

  it('lists a pending invite; resends it with a new link and revokes it after asking', async () => {
    await owner.page.getByLabel('E-mail').fill('rita@example.com');
    await owner.page.getByLabel('Role').selectOption('viewer');
    await owner.page.getByRole('button', { name: 'Send invite' }).click();
    const row = owner.page.getByRole('row', { name: /rita@example\.com viewer owner@sandbox\.local/ });
    await row.waitFor();
    const first = mailedInvite('rita@example.com');
    await row.getByRole('button', { name: 'Resend' }).click();
    await owner.page.getByText(/^A new link was mailed to rita@example\.com/).waitFor();
    expect(mailedInvite('rita@example.com')).not.toBe(first);
    // Afresh: the list's reload after the resend would otherwise replace the row while its revoke is being asked.
    await open(owner, '#/members');
    await row.getByRole('button', { name: 'Revoke…' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).waitFor();
    await shot(owner, '05b-members-revoking-invite');
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await owner.page.getByText('The invite of rita@example.com is revoked').waitFor();
  });

  it('shows a withdrawal over the allowance for signatures; two members sign it and it pays out with its webhook', async () => {
    const { organizationId } = runtime.localJson();
    await admin(dataDir, 'org', 'update', organizationId, '--approvals', '2');
    const endpoint = await api<{ secret: string }>('POST', '/webhooks/endpoints', { url: receiver.url('/hooks') });
    secret = endpoint.secret;
    ({ customerId } = await api<{ customerId: string }>('POST', '/customers', {
      name: 'Ada Lovelace',
      accountType: 'individual',
      email: 'ada@example.com',
    }));
    await api('POST', `/sandbox/customers/${customerId}/kyc/approve`, { verifiedName: 'Ada Lovelace' });
    ({ id: bankId } = await api<{ id: string }>('POST', `/customers/${customerId}/withdrawal/banks`, {
      beneficiaryName: 'Ada Lovelace',
      currency: 'EUR',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    }));
    await api('POST', `/sandbox/customers/${customerId}/balance`, { amount: '250.00' });
    await api('POST', '/sandbox/allowance', { limit: '10.00', resetPeriodMinutes: 1440 });
    const proposed = await api<{ id: string; status: string; reference: string }>(
      'POST',
      `/customers/${customerId}/withdrawal`,
      {
        withdrawalBankId: bankId,
        sourceAmount: '100.00',
        idempotencyKey: 'console-e2e-1',
      },
    );
    transactionId = proposed.id;
    expect(proposed.status).toBe('PROPOSED');

    await open(owner, '#/approvals');
    const card = owner.page.locator(`[data-transaction="${transactionId}"]`);
    await card.waitFor();
    await shot(owner, '06-approvals-proposed');
    const offered = await card.textContent();
    expect(offered).toMatch(/Waits because it is over what the API allowance has left \(10\.00 USDC\)/);
    expect(offered).toMatch(/91\.08 EUR.*Ada Lovelace.*DE89 3704 0044 0532 0130 00.*COBADEFFXXX/s);
    expect(offered).toMatch(/WD-.*1 USDC = 0\.92 EUR.*Ada Lovelace.*250\.00 USDC available.*150\.00 USDC.*0 of 2/s);
    // The reference names the payout; the id is only its small second line.
    expect(offered).toContain(`Reference${proposed.reference}Transaction id ${transactionId}`);

    await card.getByRole('button', { name: 'Approve with passkey' }).click();
    await card.getByText('Signed: Partially signed').waitFor();
    await card.getByText('1 of 2').waitFor();
    // Who signed is not offered Approve again; the API still refuses a second signature (409).
    await card.getByText('You signed this; it waits for another member.').waitFor();
    await shot(owner, '07-approvals-signed-once');
    expect(await card.getByRole('button', { name: 'Approve with passkey' }).count()).toBe(0);
    expect(
      await fetchFrom(owner, `/api/console/approvals/${transactionId}/options`, { 'x-console-request': '1' }),
    ).toBe(409);

    await open(approver, '#/approvals');
    const approverCard = approver.page.locator(`[data-transaction="${transactionId}"]`);
    await approverCard.getByText('owner@sandbox.local').waitFor();
    await approverCard.getByRole('button', { name: 'Approve with passkey' }).click();
    await approver.page.getByText(`Signed ${proposed.reference}: Processing`).waitFor();
    await approverCard.waitFor({ state: 'detached' });
    await shot(approver, '08-approvals-approved');

    type Delivered = { event_type: string; data: { transaction_id?: string; status?: string } };
    const delivered = () =>
      receiver.at('/hooks').map((hook) => new Webhook(secret).verify(hook.body, hook.headers) as Delivered);
    const paid = await eventually(
      'the PROCESSING webhook of the signed withdrawal',
      () => delivered().find((e) => e.data.transaction_id === transactionId && e.data.status === 'PROCESSING'),
      45_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; received ${JSON.stringify(delivered())}`);
    });
    expect(paid.data.status).toBe('PROCESSING');
    expect(['PROCESSING', 'COMPLETED']).toContain(
      (await api<{ status: string }>('GET', `/customers/${customerId}/transactions/${transactionId}`)).status,
    );
  });

  it('lists the paid payout in Transactions by reference and customer, tells its story and exports it as CSV', async () => {
    const paid = await eventually(
      'the signed withdrawal booked by the sandbox bank',
      async () => {
        const now = await api<{ status: string; reference: string }>(
          'GET',
          `/customers/${customerId}/transactions/${transactionId}`,
        );
        return now.status === 'COMPLETED' ? now : undefined;
      },
      45_000,
    );
    expect(paid.reference).toMatch(/^WD-/);

    await open(owner, '#/transactions');
    const row = owner.page.locator(`tr[data-transaction="${transactionId}"]`);
    await row.waitFor();
    await shot(owner, '14-transactions');
    expect(await row.textContent()).toMatch(new RegExp(`${paid.reference}.*Ada Lovelace.*DE89 … 3000.*100\\.00 USDC`));
    await owner.page.getByLabel('Reference').fill(paid.reference.slice(3).toLowerCase());
    await owner.page.getByRole('button', { name: 'Search' }).click();
    await owner.page.getByText('Page 1').waitFor();
    await row.waitFor();

    const [download] = await Promise.all([
      owner.page.waitForEvent('download'),
      owner.page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    // The byte order mark first, so Excel reads the file as UTF-8.
    expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFreference,transactionId,/);
    expect(csv).toContain(`${paid.reference},${transactionId},WITHDRAWAL,COMPLETED`);

    await row.getByRole('link', { name: paid.reference }).click();
    const story = owner.page.getByRole('list', { name: "The payout's story" });
    await story.waitFor();
    await owner.page.getByText('Booked by the bank').waitFor();
    await shot(owner, '14b-transaction-story');
    const told = await story.textContent();
    expect(told).toMatch(
      /Created.*Signed with a passkey.*Signed with a passkey.*Left in a payment file.*\.xml.*Booked by the bank/s,
    );
    // Created by the sandbox key, named by its hint as the keys page lists it.
    const hint = apiKeyHint(runtime.localJson().apiKey);
    expect(told).toContain(`API key ${hint}`);
    expect(csv).toContain(hint.replace('…', '...'));
    expect(await owner.page.getByText('DE89 3704 0044 0532 0130 00').isVisible()).toBe(true);
  });

  it('shows a viewer the approvals without the approve button, and the API refuses the viewer (403)', async () => {
    const second = await api<{ id: string; reference: string }>('POST', `/customers/${customerId}/withdrawal`, {
      withdrawalBankId: bankId,
      sourceAmount: '20.00',
      idempotencyKey: 'console-e2e-2',
    });
    await open(viewer, '#/approvals');
    const card = viewer.page.locator(`[data-transaction="${second.id}"]`);
    await card.waitFor();
    await shot(viewer, '09-approvals-viewer');

    expect(await viewer.page.getByText('Your role may not approve.').isVisible()).toBe(true);
    expect(await card.getByRole('button').count()).toBe(0);
    expect(await fetchFrom(viewer, `/api/console/approvals/${second.id}/options`, { 'x-console-request': '1' })).toBe(
      403,
    );
    expect(await fetchFrom(viewer, `/api/console/approvals/${second.id}/reject`, { 'x-console-request': '1' })).toBe(
      403,
    );

    await open(owner, '#/approvals');
    const ownerCard = owner.page.locator(`[data-transaction="${second.id}"]`);
    await ownerCard.getByRole('button', { name: 'Reject…' }).click();
    const reason = ownerCard.getByPlaceholder('Why it is rejected');
    const why = 'Duplicate of an earlier payout: the customer asked for it twice on the same invoice, see ticket 4812';
    await reason.fill(why);
    // The whole reason is in sight as typed: the box wraps it rather than scrolling it out of view.
    expect(
      await reason.evaluate((box) => [box.scrollWidth <= box.clientWidth, box.scrollHeight <= box.clientHeight]),
    ).toEqual([true, true]);
    await ownerCard.getByRole('button', { name: 'Reject', exact: true }).click();
    // Nothing is rejected before the member confirms.
    await ownerCard.getByRole('button', { name: 'Yes, reject' }).waitFor();
    await shot(owner, '10-approvals-rejecting');
    await ownerCard.getByRole('button', { name: 'Yes, reject' }).click();
    await owner.page.getByText(`Rejected ${second.reference}: Cancelled`).waitFor();
    await ownerCard.waitFor({ state: 'detached' });

    // More than the customer has: the card says so before anyone signs, and offers no signature that would fail.
    const uncovered = await api<{ id: string; status: string }>('POST', `/customers/${customerId}/withdrawal`, {
      withdrawalBankId: bankId,
      sourceAmount: '900.00',
      idempotencyKey: 'console-e2e-3',
    });
    expect(uncovered.status).toBe('PROPOSED');
    await open(owner, '#/approvals');
    const uncoveredCard = owner.page.locator(`[data-transaction="${uncovered.id}"]`);
    await uncoveredCard.getByRole('alert').waitFor();
    await shot(owner, '10b-approvals-balance-short');
    expect(await uncoveredCard.getByRole('alert').textContent()).toMatch(/does not cover 900\.00 USDC/);
    expect(await uncoveredCard.getByRole('button', { name: 'Approve with passkey' }).isDisabled()).toBe(true);
  });

  it('holds a bank Verification of Payee answered CLOSE_MATCH until the owner confirms it with a passkey', async () => {
    const { customerId: payeeId } = await api<{ customerId: string }>('POST', '/customers', {
      name: 'Grace Close Match Hopper',
      accountType: 'individual',
      email: 'grace@example.com',
    });
    await api('POST', `/sandbox/customers/${payeeId}/kyc/approve`, { verifiedName: 'Grace Close Match Hopper' });
    const held = await api<{ id: string; status: string; payeeVerification: { result: string } }>(
      'POST',
      `/customers/${payeeId}/withdrawal/banks`,
      {
        beneficiaryName: 'Grace Close Match Hopper',
        currency: 'EUR',
        iban: 'FR1420041010050500013M02606',
        bic: 'PSSTFRPPXXX',
      },
    );
    expect([held.status, held.payeeVerification.result]).toEqual(['PENDING', 'CLOSE_MATCH']);

    await open(owner, '#/confirm-banks');
    const card = owner.page.locator(`[data-bank="${held.id}"]`);
    await card.waitFor();
    const told = await card.textContent();
    // The check's answer and the recipient in words, the IBAN in groups of four, the customer by name.
    expect(told).toMatch(
      /Grace Close Match Hopper.*Close match.*similar name.*Grace Hopper.*FR14 2004 1010 0505 0001 3M02 606.*The customer's own account.*Grace Close Match Hopper/s,
    );
    expect(told).not.toMatch(/CLOSE_MATCH|CUSTOMER|FR1420041010/);
    expect(told).not.toContain(payeeId);
    await shot(owner, '10a-banks-to-confirm');
    await card.getByRole('button', { name: 'Confirm with passkey' }).click();
    await owner.page.getByText('Confirmed Grace Close Match Hopper: Active').waitFor();
    await card.waitFor({ state: 'detached' });

    const confirmed = await api<{ status: string; payeeVerification: { confirmation: string; decidedBy: string } }>(
      'GET',
      `/customers/${payeeId}/withdrawal/banks/${held.id}`,
    );
    expect(confirmed.status).toBe('ACTIVE');
    expect(confirmed.payeeVerification).toMatchObject({ confirmation: 'CONFIRMED', decidedBy: 'owner@sandbox.local' });
  });

  it('refuses a state-changing request without the anti-CSRF header (403), even with the session', async () => {
    expect(await fetchFrom(owner, '/api/console/api-keys', {})).toBe(403);
    expect(await fetchFrom(owner, '/api/console/api-keys', { 'x-console-request': '1' })).toBe(201);
  });

  it('shows every other page to the owner', async () => {
    const pages: [string, string, string][] = [
      ['#/home', 'Home', '11a-home'],
      ['#/api-keys', 'API keys', '11-api-keys'],
      ['#/webhooks', 'Webhooks', '12-webhooks'],
      ['#/customers', 'Customers', '13-customers'],
      [`#/customers/${customerId}`, 'Ada Lovelace', '13b-customer'],
      ['#/reconciliation', 'Reconciliation', '14c-reconciliation'],
      ['#/settings', 'Organization settings', '15-settings'],
      ['#/audit', 'Audit log', '16-audit-log'],
    ];
    for (const [hash, title, name] of pages) {
      await open(owner, hash);
      await owner.page.getByRole('heading', { name: title }).waitFor();
      await shot(owner, name);
    }

    // Home's customers' total: Ada's balance (Grace, the other customer, was never credited), as of its read.
    const { balance } = await api<{ balance: string }>('GET', `/customers/${customerId}/balance`);
    await open(owner, '#/home');
    await owner.page.getByText(new RegExp(`^${balance.replace('.', '\\.')} USDC of 2 customers.*as of `)).waitFor();
    // The sandbox bank's booking of the signed payout, fact by fact, linked to the payout.
    await open(owner, '#/reconciliation');
    const booking = owner.page.getByRole('row', { name: /WD-\S+ Ada Lovelace Booked: paid out/ });
    await booking.first().waitFor();
    expect(await booking.first().getByRole('link').getAttribute('href')).toBe(`#/transactions/${transactionId}`);

    await open(owner, '#/api-keys');
    await owner.page.getByRole('button', { name: 'Create API key' }).click();
    const shown = await owner.page.getByTestId('new-api-key').textContent();
    await shot(owner, '17-api-key-created');
    // Revoking a key asks first.
    await owner.page.getByRole('button', { name: 'Revoke…' }).first().click();
    await owner.page.getByRole('button', { name: 'Yes, revoke' }).click();
    await owner.page.getByText(/^Revoked /).waitFor();

    await open(owner, '#/audit');
    await owner.page.getByLabel('Action').selectOption('withdrawal.signed');
    await owner.page.getByRole('cell', { name: 'Signed a withdrawal', exact: true }).nth(1).waitFor();
    await shot(owner, '18-audit-log-signed');

    expect(shown).toMatch(/^sk_sandbox_/);
    expect(await owner.page.getByRole('cell', { name: 'Signed a withdrawal', exact: true }).count()).toBe(2);
    // Names, not identifiers: the signers by name, the withdrawal as a link named by its reference.
    expect(await owner.page.getByRole('cell', { name: 'Olive Owner', exact: true }).count()).toBeGreaterThan(0);
    expect(await owner.page.getByRole('link', { name: /^WD-[0-9A-Z]{4}-[0-9A-Z]{4}$/ }).count()).toBe(2);
    // Deleting an endpoint asks first; then it is gone for the API too.
    await open(owner, '#/webhooks');
    const endpointCard = owner.page.getByRole('article', { name: `Endpoint ${receiver.url('/hooks')}` });
    await endpointCard.getByRole('button', { name: 'Delete…' }).click();
    await endpointCard.getByRole('button', { name: 'Yes, delete' }).waitFor();
    await shot(owner, '12b-webhooks-deleting');
    await endpointCard.getByRole('button', { name: 'Yes, delete' }).click();
    await endpointCard.waitFor({ state: 'detached' });
    expect(await api<unknown[]>('GET', '/webhooks/endpoints')).toEqual([]);
  });

  it('refuses an expired session (401) and takes the member back to sign in', async () => {
    await expireSession(viewer, runtime.localJson());

    expect(await fetchFrom(viewer, '/api/console/session', {}, 'GET')).toBe(401);
    await viewer.page.reload();
    await viewer.page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await shot(viewer, '19-expired-session');
  });

  it('signs the owner out everywhere', async () => {
    await owner.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await owner.page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();

    expect(await fetchFrom(owner, '/api/console/session', {}, 'GET')).toBe(401);
  });
});
