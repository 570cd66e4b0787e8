import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { screenshotAndGraveViolations } from '#test/support/browser/accessibility.ts';
import {
  accept,
  launchChromium,
  type Member,
  mailedInviteLink,
  open,
  passkeyDevice,
} from '#test/support/browser/passkey-devices.ts';
import { type Runtime, startRuntime } from '#test/support/local-runtime.ts';
import { bookedReport } from '#test/support/rails/bank-channel.ts';
import { eventually } from '#test/support/webhooks/receiver.ts';

type PayIn = { id: string; bankReference: string; status: string; reason: string | null };

/**
 * The operations team's pages on `npm start`, in Debian Chromium with passkeys (as `console-browser.test.ts`). The
 * sandbox bank stays silent (`SANDBOX_SETTLE_AFTER_S=off`), so a SEPA Instant payout is overdue ten seconds after
 * its file (its rail's promise): an admin proposes to settle it by hand, cannot approve it herself (the API's 403
 * shown), the owner approves and the payout is COMPLETED; another is proposed FAILED, rejected, proposed again and
 * approved, and the bank's late statement booking it is quarantined and listed with its reason. Money paid in by
 * the sandbox bank whose payer's name does not fit the customer waits in suspense: the admin assigns one to the
 * customer found by name, an approver (who has no payout desk) sends another back; the audit log names all of it.
 * Time is not moved here: the runtime runs on the wall clock, and SEPA Instant's promise is ten seconds.
 */
describe('the console for payout operations and bank credits in suspense', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-console-operations-'));
  const shots = process.env.CONSOLE_SCREENSHOTS ?? join(import.meta.dirname, 'artifacts', 'console');
  let runtime: Runtime;
  let browser: Browser;
  let owner: Member;
  let admin: Member;
  let approver: Member;
  let customerId: string;
  let eurBank: string;

  const api = async <T>(method: string, path: string, body?: object) => {
    const options = { key: runtime.localJson().apiKey, ...(body ? { body } : {}) };
    return (await runtime.given<T>(`${method} ${path}`, method, path, options, [200, 201])).body;
  };
  const payout = (id: string) => api<Transaction>('GET', `/customers/${customerId}/transactions/${id}`);
  const shot = async (member: Member, name: string) =>
    expect.soft(await screenshotAndGraveViolations(member.page, join(shots, `${name}.png`), name)).toEqual([]);
  /** A console read from inside the member's page, with its session, as the page itself sends it. */
  const consoleGet = <T>(member: Member, path: string) =>
    member.page.evaluate(
      async (path) => (await fetch(path, { credentials: 'same-origin' })).json(),
      path,
    ) as Promise<T>;
  /** The mailed link names the runtime's console origin; opened on this runtime's base URL all the same. */
  const inviteLink = (email: string) => {
    const link = mailedInviteLink(join(dataDir, 'mail'), email);
    return `${runtime.baseUrl}/console/${link.slice(link.indexOf('#'))}`;
  };
  const invite = async (email: string, role: string, member: Member, name: string) => {
    await open(owner, '#/members');
    await owner.page.getByLabel('E-mail').fill(email);
    await owner.page.getByLabel('Role').selectOption(role);
    await owner.page.getByRole('button', { name: 'Send invite' }).click();
    await owner.page.getByText(`Invite mailed to ${email} as ${role}`).waitFor();
    await accept(member, inviteLink(email), name);
  };

  beforeAll(async () => {
    [runtime, browser] = await Promise.all([
      startRuntime(dataDir, { LOCAL_CHAIN: 'off', SANDBOX_SETTLE_AFTER_S: 'off' }),
      launchChromium(),
    ]);
    [owner, admin, approver] = await Promise.all([
      passkeyDevice(browser, runtime.baseUrl),
      passkeyDevice(browser, runtime.baseUrl),
      passkeyDevice(browser, runtime.baseUrl),
    ]);
    mkdirSync(shots, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets up the owner, an admin, an approver and a customer; only those who operate see the payout desk', async () => {
    await owner.page.goto(runtime.localJson().ownerInviteUrl ?? '');
    await owner.page.getByLabel('Your name').fill('Olive Owner');
    await owner.page.getByRole('button', { name: 'Create passkey and join' }).click();
    await owner.page.getByRole('heading', { name: 'Approvals' }).waitFor();
    await invite('ada.admin@example.com', 'admin', admin, 'Adele Admin');
    await invite('pat@example.com', 'approver', approver, 'Pat Approver');

    ({ customerId } = await api<{ customerId: string }>('POST', '/customers', {
      name: 'Ada Lovelace',
      accountType: 'individual',
      email: 'ada@example.com',
    }));
    await api('POST', `/sandbox/customers/${customerId}/kyc/approve`, { verifiedName: 'Ada Lovelace' });
    await api('POST', `/sandbox/customers/${customerId}/balance`, { amount: '500.00' });
    eurBank = (
      await api<{ id: string }>('POST', `/customers/${customerId}/withdrawal/banks`, {
        beneficiaryName: 'Ada Lovelace',
        currency: 'EUR',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      })
    ).id;

    await open(admin, '#/approvals');
    await admin.page.getByRole('link', { name: 'Payout operations' }).waitFor();
    await admin.page.getByRole('link', { name: 'Credits in suspense' }).waitFor();
    await open(approver, '#/approvals');
    await approver.page.getByRole('link', { name: 'Credits in suspense' }).waitFor();
    expect(await approver.page.getByRole('link', { name: 'Payout operations' }).count()).toBe(0);
  }, 180_000);

  it('settles overdue payouts by hand: one member proposes, another decides', async () => {
    const withdraw = (idempotencyKey: string, sourceAmount: string) =>
      api<Transaction>('POST', `/customers/${customerId}/withdrawal`, {
        withdrawalBankId: eurBank,
        idempotencyKey,
        sourceAmount,
        instant: true,
      });
    const booked = await withdraw('ops-booked', '20');
    const failed = await withdraw('ops-failed', '12.5');
    expect([booked.status, failed.status]).toEqual(['PROCESSING', 'PROCESSING']);
    // Filed by the batcher's next round, then overdue once SEPA Instant's ten seconds have passed unanswered.
    await eventually(
      'both payouts to be overdue',
      async () => {
        const desk = await consoleGet<{ overduePayouts: { transactionId: string }[] }>(
          admin,
          '/api/console/payout-operations',
        );
        const overdue = desk.overduePayouts.map((p) => p.transactionId);
        return overdue.includes(booked.id) && overdue.includes(failed.id);
      },
      180_000,
    );

    const page = admin.page;
    await open(admin, '#/payout-operations');
    await page.getByRole('heading', { name: 'Payout operations' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: booked.reference });
    await row.waitFor();
    expect(await row.getByRole('link', { name: booked.reference }).getAttribute('href')).toBe(
      `#/transactions/${booked.id}`,
    );
    expect(await row.textContent()).toContain(`${booked.targetAmount} ${booked.targetCurrency}`);
    expect(await row.textContent()).toContain('SEPA_INSTANT');
    // Overdue by: an age in words.
    expect(await row.getByRole('cell').nth(4).textContent()).toMatch(
      /^(\d+ (minute|second)s?( \d+ seconds?)?|under a second)$/,
    );
    await shot(admin, '40-payout-operations');

    await row.getByRole('button', { name: `Settle ${booked.reference} by hand…` }).click();
    await page.getByLabel('What the bank said').selectOption('COMPLETED');
    await page.getByLabel('How we know').fill('The statement of today shows it booked');
    await page.getByRole('button', { name: 'Propose settlement' }).click();
    await page.getByText(`Proposed to settle ${booked.reference} as Completed`).waitFor();
    const card = page.locator(`article[data-settlement="${booked.id}"]`);
    await card.getByText('You proposed it').waitFor();
    await shot(admin, '41-payout-settlement-proposed');
    // The proposer is refused by the API, and the page says why.
    await card.getByRole('button', { name: 'Approve settlement' }).click();
    await card.getByText('A settlement must be approved by someone other than who proposed it (403)').waitFor();
    expect((await payout(booked.id)).status).toBe('PROCESSING');

    await open(owner, '#/payout-operations');
    const ownersCard = owner.page.locator(`article[data-settlement="${booked.id}"]`);
    await ownersCard.getByText('The statement of today shows it booked').waitFor();
    expect(await ownersCard.textContent()).toContain('ada.admin@example.com');
    await ownersCard.getByRole('button', { name: 'Approve settlement' }).click();
    await owner.page.getByText(`Approved: ${booked.reference} is now Completed.`).waitFor();
    expect((await payout(booked.id)).status).toBe('COMPLETED');
    await owner.page.getByRole('row').filter({ hasText: booked.reference }).waitFor({ state: 'detached' });

    // The other: the owner proposes FAILED, the admin rejects it, the owner proposes again and the admin approves.
    const proposeFailed = async (reason: string) => {
      await owner.page
        .getByRole('row')
        .filter({ hasText: failed.reference })
        .getByRole('button', { name: `Settle ${failed.reference} by hand…` })
        .click();
      await owner.page.getByLabel('What the bank said').selectOption('FAILED');
      await owner.page.getByLabel('How we know').fill(reason);
      await owner.page.getByRole('button', { name: 'Propose settlement' }).click();
      await owner.page.getByText(`Proposed to settle ${failed.reference} as Failed`).waitFor();
    };
    await proposeFailed('The bank wrote that the account is closed');
    await open(admin, '#/payout-operations');
    const failedCard = page.locator(`article[data-settlement="${failed.id}"]`);
    await failedCard.getByRole('button', { name: 'Reject…' }).click();
    await failedCard.getByLabel('Reason for rejecting').fill('The letter names another payout');
    await failedCard.getByRole('button', { name: 'Reject settlement' }).click();
    await page.getByText(`Rejected the settlement of ${failed.reference}: the payout is untouched.`).waitFor();
    expect((await payout(failed.id)).status).toBe('PROCESSING');

    await open(owner, '#/payout-operations');
    await proposeFailed('The bank confirmed by phone that the account is closed');
    await open(admin, '#/payout-operations');
    await failedCard.getByRole('button', { name: 'Approve settlement' }).click();
    await page.getByText(`Approved: ${failed.reference} is now Failed.`).waitFor();
    expect((await payout(failed.id)).status).toBe('FAILED');
    await page.getByText('No payout is overdue.').waitFor();
    await page.getByText('No settlement waits for a decision.').waitFor();

    // The bank's statement booking the payout failed by hand comes late: quarantined, and on the desk with its reason.
    writeFileSync(join(dataDir, 'bank', 'inbox', 'late-statement.xml'), bookedReport([await payout(failed.id)]));
    const quarantined = page.getByRole('row').filter({ hasText: 'late-statement.xml' });
    await eventually(
      'the late statement to be quarantined',
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return (await quarantined.count()) > 0;
      },
      120_000,
    );
    expect(await quarantined.textContent()).toContain('was booked by the bank but is FAILED');
    expect(await quarantined.getByRole('link', { name: failed.reference }).getAttribute('href')).toBe(
      `#/transactions/${failed.id}`,
    );
    expect((await payout(failed.id)).status).toBe('FAILED');
    await shot(admin, '44-payout-operations-quarantined');

    // Each payout's story is a click away, and the audit log tells who did what.
    await open(owner, `#/transactions/${booked.id}`);
    await owner.page.getByText('Completed').first().waitFor();
    await open(owner, '#/audit');
    await owner.page.getByRole('cell', { name: 'Proposed settling a payout by hand' }).first().waitFor();
    await owner.page.getByRole('cell', { name: 'Rejected settling a payout by hand' }).first().waitFor();
    expect(await owner.page.getByRole('cell', { name: 'Approved settling a payout by hand' }).count()).toBe(2);
    expect(await owner.page.getByRole('link', { name: booked.reference }).count()).toBeGreaterThan(0);
  }, 300_000);

  it('assigns a credit in suspense to a customer found by name, and sends another back to its payer', async () => {
    const { reference } = await api<{ reference: string }>('GET', `/customers/${customerId}/deposit?currency=eur`);
    const payIn = (amount: string, payerName: string, ref = reference) =>
      api<PayIn>('POST', '/sandbox/bank-credits', { currency: 'EUR', amount, reference: ref, payerName });
    const assigned = await payIn('120.00', 'Mallory Stranger');
    const sentBack = await payIn('75.50', 'Eve Unknown');
    // A reference naming nobody waits in the platform operator's queue, never in an organization's.
    const nobodys = await payIn('9.99', 'Nobody Known', 'ZZZZZZZZZZ');
    expect([assigned.status, sentBack.status, nobodys.status]).toEqual(['SUSPENSE', 'SUSPENSE', 'SUSPENSE']);

    const page = admin.page;
    await open(admin, '#/suspense');
    await page.getByRole('heading', { name: 'Bank credits in suspense' }).waitFor();
    const card = (credit: PayIn) => page.locator(`article[data-credit="${credit.id}"]`);
    await card(assigned).waitFor();
    await card(sentBack).waitFor();
    expect(await page.locator('article[data-credit]').count()).toBe(2);
    const text = (await card(assigned).textContent()) ?? '';
    for (const shown of ['120.00 EUR', 'Mallory Stranger', assigned.bankReference, assigned.reason ?? '?'])
      expect(text).toContain(shown);
    expect(text).toMatch(/Booked.*\d{4}/);
    // The customer the reference named, by name and KYC state, beside the id the assignment is prefilled with.
    await card(assigned).getByText('Ada Lovelace, KYC Approved').first().waitFor();
    await shot(admin, '42-bank-credits-suspense');

    // Assigned by the admin to the customer found by name, with a reason.
    const assigning = card(assigned).getByRole('form', { name: `Assign ${assigned.bankReference}` });
    await assigning.getByLabel('Customer id').fill('');
    await assigning.getByLabel('Find a customer').fill('Ada');
    await assigning.getByRole('button', { name: 'Find' }).click();
    await assigning.getByRole('button', { name: 'Choose Ada Lovelace' }).click();
    expect(await assigning.getByLabel('Customer id').inputValue()).toBe(customerId);
    await assigning.getByLabel('Reason for assigning').fill('Ada paid from her partner’s account, confirmed by phone');
    await assigning.getByRole('button', { name: 'Assign' }).click();
    await page.getByText(`Assigned ${assigned.bankReference} to customer ${customerId}: deposit`).waitFor();
    await card(assigned).waitFor({ state: 'detached' });
    const deposits = await api<Transaction[]>('GET', `/customers/${customerId}/transactions?type=DEPOSIT`);
    const deposit = deposits.find((d) => d.sourceCurrency === 'EUR' && /^120(\.0+)?$/.test(d.sourceAmount ?? ''));
    expect(deposit?.status).toBe('COMPLETED');
    expect(await page.getByText(`deposit ${deposit?.reference} of`).count()).toBe(1);

    // Sent back by the approver, after a confirmation.
    await open(approver, '#/suspense');
    const sending = approver.page
      .locator(`article[data-credit="${sentBack.id}"]`)
      .getByRole('form', { name: `Send back ${sentBack.bankReference}` });
    await sending.getByLabel('Reason for sending back').fill('Nobody here knows this payer');
    await sending.getByRole('button', { name: 'Send back…' }).click();
    await sending.getByRole('button', { name: 'Yes, send it back' }).click();
    const note = approver.page.getByText(`Sent ${sentBack.bankReference} back to Eve Unknown as payment SB-`);
    await note.waitFor();
    await approver.page.getByText('No credit waits in suspense.').waitFor();
    const endToEndId = /payment (SB-\S+?)\.$/.exec((await note.textContent()) ?? '')?.[1] ?? '';
    expect(endToEndId).not.toBe('');
    // The payment back is a file in the platform's outbox, naming the payer.
    expect(filesUnder(join(dataDir, 'bank')).some((file) => readFileSync(file, 'utf8').includes(endToEndId))).toBe(
      true,
    );

    await open(owner, '#/audit');
    const assignedRow = owner.page.getByRole('row').filter({ hasText: 'Assigned a credit in suspense' });
    await assignedRow.waitFor();
    expect(await assignedRow.textContent()).toContain(assigned.bankReference);
    expect(await assignedRow.textContent()).toContain('Adele Admin');
    const sentRow = owner.page.getByRole('row').filter({ hasText: 'Sent a credit in suspense back' });
    expect(await sentRow.textContent()).toContain('Nobody here knows this payer');
    expect(await sentRow.textContent()).toContain('Pat Approver');
    await shot(owner, '43-audit-operations');
  }, 180_000);
});

/** Every file below `dir`, however deep. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
