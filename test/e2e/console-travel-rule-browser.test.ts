import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eurBank } from '#test/support/banks/bank-requests.ts';
import { screenshotAndGraveViolations } from '#test/support/browser/accessibility.ts';
import { accept, launchChromium, type Member, open, passkeyDevice } from '#test/support/browser/passkey-devices.ts';
import type { Runtime } from '#test/support/local-runtime.ts';
import { startRuntime } from '#test/support/local-runtime.ts';

/**
 * A transaction's Travel Rule section in the console, in Chromium on `npm start`: USDC that arrived at a customer's
 * deposit address shows its originator MISSING with the sending address, and once the integrator completed it, the
 * originator, the originating provider, the beneficiary, the EUR value.
 */
describe("the console's Travel Rule section of a transaction", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-travel-rule-'));
  const shots = process.env.CONSOLE_SCREENSHOTS ?? join(import.meta.dirname, 'artifacts', 'console');
  let runtime: Runtime;
  let browser: Browser;
  let owner: Member;

  const api = async <T = Record<string, unknown>>(method: string, path: string, body?: object) => {
    // Sent again while a loaded runtime answers 503 with Retry-After.
    const options = { key: runtime.localJson().apiKey, ...(body ? { body } : {}) };
    return (await runtime.given<T>(`${method} ${path}`, method, path, options, [200, 201])).body;
  };

  beforeAll(async () => {
    [runtime, browser] = await Promise.all([startRuntime(dataDir, { LOCAL_CHAIN: 'off' }), launchChromium()]);
    owner = await passkeyDevice(browser, runtime.baseUrl);
    mkdirSync(shots, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a deposit MISSING its originator, then the originator the integrator gave', async () => {
    const { customerId } = await api<{ customerId: string }>('POST', '/customers', {
      name: 'Jane Doe',
      accountType: 'individual',
      email: 'jane@example.com',
    });
    await api('POST', `/sandbox/customers/${customerId}/kyc/approve`);
    const bank = await api<{ wallets: { chain: string; address: string }[] }>(
      'POST',
      `/customers/${customerId}/withdrawal/banks`,
      eurBank(),
    );
    const address = bank.wallets.find((wallet) => wallet.chain === 'base')?.address;
    const from = privateKeyToAccount(generatePrivateKey()).address;
    const deposit = await api<{ id: string }>('POST', '/sandbox/deposits', {
      chain: 'base',
      address,
      amount: '20',
      txHash: `0x${randomBytes(32).toString('hex')}`,
      from,
    });

    await accept(owner, runtime.localJson().ownerInviteUrl ?? '', 'Olive Owner');
    await open(owner, `#/transactions/${deposit.id}`);
    const section = owner.page.getByRole('region', { name: 'Travel Rule' });
    await section.getByRole('heading', { name: 'Travel Rule' }).waitFor();
    expect(await section.getByText('USDC received · 20.00 USDC on base').count()).toBe(1);
    expect(await section.getByText(from).count()).toBe(1);
    expect(await section.getByText('Jane Doe').count()).toBe(1);
    expect(await section.getByText(/missing: originator\.originatorPersons, sourceCustodian/).count()).toBe(1);
    expect(await section.getByText('18.40 EUR').count()).toBe(1);
    expect
      .soft(await screenshotAndGraveViolations(owner.page, join(shots, 'travel-rule-missing.png'), 'travel-rule'))
      .toEqual([]);

    await api('POST', `/customers/${customerId}/transactions/${deposit.id}/travel-rule/originator`, {
      originator: {
        naturalPerson: {
          name: {
            nameIdentifier: [{ primaryIdentifier: 'Hopper', secondaryIdentifier: 'Grace', nameIdentifierType: 'LEGL' }],
          },
        },
      },
      originatingVasp: { name: 'Example Exchange GmbH', lei: '529900T8BM49AURSDO55' },
    });
    await open(owner, `#/transactions/${deposit.id}`);
    await section.getByText('Grace Hopper').waitFor();
    expect(await section.getByText('Example Exchange GmbH (LEI 529900T8BM49AURSDO55)').count()).toBe(1);
    expect(await section.getByText(/missing:/).count()).toBe(0);
  });
});
