import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations } from '#test/support/browser/accessibility.ts';
import {
  accept,
  launchChromium,
  type Member,
  mailedInviteLink,
  open,
  passkeyDevice,
} from '#test/support/browser/passkey-devices.ts';
import { admin, type Runtime, startRuntime } from '#test/support/local-runtime.ts';

/**
 * A withdrawal batch above the allowance in the console, in Debian Chromium with a virtual passkey per member
 * (as `console-browser.test.ts`): one card for the whole batch, one signature per member approves every payout of
 * it, and a second batch is rejected with a reason after a confirmation. Screenshots go with the console's.
 */
describe('a withdrawal batch in the console', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-console-batch-'));
  const shots = process.env.CONSOLE_SCREENSHOTS ?? join(import.meta.dirname, 'artifacts', 'console');
  let runtime: Runtime;
  let browser: Browser;
  let owner: Member;
  let approver: Member;
  const payees: { customerId: string; withdrawalBankId: string }[] = [];

  const api = async <T>(method: string, path: string, body?: object) => {
    const response = await runtime.api<T>(method, path, { key: runtime.localJson().apiKey, ...(body ? { body } : {}) });
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  const shot = async (member: Member, name: string) => {
    await member.page.getByText('Loading…').waitFor({ state: 'detached' });
    await member.page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
    const grave = (await accessibilityViolations(member.page)).filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect
      .soft(grave.map((v) => `${name}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`))
      .toEqual([]);
  };

  /** Three 5 USDC payouts: each fits the 10 USDC allowance, together they do not, so all three wait. */
  const proposedBatch = async (key: string) => {
    const batch = await api<{ batchId: string; proposed: boolean; results: { transaction: { id: string } }[] }>(
      'POST',
      '/withdrawals/batch',
      {
        idempotencyKey: key,
        withdrawals: payees.map((payee, i) => ({ ...payee, idempotencyKey: `${key}-${i}`, sourceAmount: '5.00' })),
      },
    );
    expect(batch.proposed).toBe(true);
    return { batchId: batch.batchId, ids: batch.results.map((result) => result.transaction.id) };
  };

  beforeAll(async () => {
    [runtime, browser] = await Promise.all([startRuntime(dataDir, { LOCAL_CHAIN: 'off' }), launchChromium()]);
    [owner, approver] = await Promise.all([
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

  it('sets up an owner and an approver, two signatures required, and three customers over the allowance', async () => {
    await owner.page.goto(runtime.localJson().ownerInviteUrl ?? '');
    await owner.page.getByLabel('Your name').fill('Olive Owner');
    await owner.page.getByRole('button', { name: 'Create passkey and join' }).click();
    await owner.page.getByRole('heading', { name: 'Approvals' }).waitFor();
    await open(owner, '#/members');
    await owner.page.getByLabel('E-mail').fill('alan@example.com');
    await owner.page.getByLabel('Role').selectOption('approver');
    await owner.page.getByRole('button', { name: 'Send invite' }).click();
    await owner.page.getByText('Invite mailed to alan@example.com as approver').waitFor();
    await accept(approver, mailedInviteLink(join(dataDir, 'mail'), 'alan@example.com'), 'Alan Approver');

    await admin(dataDir, 'org', 'update', runtime.localJson().organizationId, '--approvals', '2');
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Edsger Dijkstra']) {
      const { customerId } = await api<{ customerId: string }>('POST', '/customers', {
        name,
        accountType: 'individual',
        email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
      });
      await api('POST', `/sandbox/customers/${customerId}/kyc/approve`, { verifiedName: name });
      const { id } = await api<{ id: string }>('POST', `/customers/${customerId}/withdrawal/banks`, {
        beneficiaryName: name,
        currency: 'EUR',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
      });
      await api('POST', `/sandbox/customers/${customerId}/balance`, { amount: '100.00' });
      payees.push({ customerId, withdrawalBankId: id });
    }
    await api('POST', '/sandbox/allowance', { limit: '10.00', resetPeriodMinutes: 1440 });
  });

  it('shows the batch as one card and approves every payout of it with one signature per member', async () => {
    const { batchId, ids } = await proposedBatch('console-e2e-batch-1');

    await open(owner, '#/approvals');
    const card = owner.page.locator(`article[data-batch="${batchId}"]`);
    await card.waitFor();
    // Its payouts are rows of the batch's card, not cards of their own.
    for (const id of ids) expect(await owner.page.locator(`article[data-transaction="${id}"]`).count()).toBe(0);
    const shown = await card.textContent();
    expect(shown).toMatch(/Batch of 3 payouts: 11\.04 EUR/);
    expect(shown).toMatch(/together they are over what the API allowance has left \(10\.00 USDC\)/);
    expect(shown).toMatch(/15\.00 USDC \(fees 3\.00 USDC\), from 3 customers/);
    expect(shown).toMatch(/3 of 3 covered.*0 of 2/s);
    await card.getByText('The 3 payouts').click();
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Edsger Dijkstra']) {
      await card.getByRole('link', { name }).waitFor();
    }
    // Each payout by its reference, its IBAN in groups of four.
    for (const id of ids) {
      expect(await card.locator(`tr[data-transaction="${id}"]`).textContent()).toMatch(
        /^WD-[0-9A-Z]{4}-[0-9A-Z]{4}.*DE89 3704 0044 0532 0130 00/,
      );
    }
    await shot(owner, '20-approvals-batch');

    await card.getByRole('button', { name: 'Approve all 3 with passkey' }).click();
    await card.getByText('Signed: 3 signed').waitFor();
    await card.getByText('You signed this batch; it waits for another member.').waitFor();
    await shot(owner, '21-approvals-batch-signed-once');

    await open(approver, '#/approvals');
    const approverCard = approver.page.locator(`article[data-batch="${batchId}"]`);
    await approverCard.getByText('owner@sandbox.local (3 of 3)').waitFor();
    await approverCard.getByRole('button', { name: 'Approve all 3 with passkey' }).click();
    await approver.page.getByText('Signed the batch of 3 (11.04 EUR): 3 signed').waitFor();
    await approverCard.waitFor({ state: 'detached' });
    for (const [i, id] of ids.entries()) {
      const { status } = await api<{ status: string }>('GET', `/customers/${payees[i]?.customerId}/transactions/${id}`);
      expect(['PROCESSING', 'COMPLETED']).toContain(status);
    }
  });

  it('rejects a batch with a reason, only once the member confirms', async () => {
    const { batchId } = await proposedBatch('console-e2e-batch-2');
    await open(owner, '#/approvals');
    const card = owner.page.locator(`article[data-batch="${batchId}"]`);
    await card.getByRole('button', { name: 'Reject…' }).click();
    await card.getByPlaceholder('Why it is rejected').fill('Wrong payroll file');
    await card.getByRole('button', { name: 'Reject batch' }).click();
    await card.getByText('Reject all 3 payouts of this batch for good?').waitFor();
    await shot(owner, '22-approvals-batch-rejecting');
    await card.getByRole('button', { name: 'Yes, reject' }).click();
    await owner.page.getByText('Rejected the batch of 3 (11.04 EUR): 3 rejected').waitFor();
    await card.waitFor({ state: 'detached' });
  });
});
