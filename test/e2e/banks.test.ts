import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEPOSIT_XPUB_FILE } from '#infra/local/deposit-key.ts';
import { deriveDepositAddress, parseDepositXpub } from '#shared/wallets/derivation.ts';
import { type Runtime, startRuntime } from '#test/support/local-runtime.ts';

type Bank = { id: string; status: string; wallets: { address: string; chain: string; enabled: boolean }[] };

describe('npm start: withdrawal banks and the development deposit key', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-banks-'));
  let runtime: Runtime | undefined;

  afterAll(async () => {
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    if (!runtime) throw new Error('runtime not started');
    const response = await fetch(`${runtime.baseUrl}/api/v2${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${runtime.localJson().apiKey}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  it('generates a deposit key on first start; the sandbox banks get forwarders that stay put across a restart', async () => {
    // DEPOSIT_XPUB must not leak in from the test environment: the runtime is to generate its own.
    delete process.env.DEPOSIT_XPUB;
    runtime = await startRuntime(dataDir);
    expect(runtime.output()).toContain('generated a development xpub');
    const xpub = readFileSync(join(dataDir, DEPOSIT_XPUB_FILE), 'utf8').trim();
    expect(runtime.output()).not.toContain('xprv');

    const customer = await api<{ customerId: string }>('POST', '/customers', {
      name: 'Jane Doe',
      accountType: 'individual',
      email: 'jane@example.com',
    });
    const customerId = customer.body.customerId;
    expect((await api('POST', `/sandbox/customers/${customerId}/kyc/approve`)).status).toBe(200);
    const first = await api<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      beneficiaryName: 'Jane Doe',
      iban: 'DE89370400440532013000',
      bic: 'DEUTDEFF',
    });
    expect(first).toMatchObject({ status: 201, body: { status: 'ACTIVE' } });
    // The sandbox organization has a treasury on every local chain, so its banks' deposit wallets are forwarders
    // (shared/custody/README.md), not addresses of the xpub, which serves organizations without a treasury.
    const parent = parseDepositXpub(xpub);
    const derived = [0, 1, 2, 3].map((i) => deriveDepositAddress(parent, i));
    const firstAddresses = first.body.wallets.map((w) => w.address);
    expect(new Set(firstAddresses).size).toBe(firstAddresses.length);
    for (const address of firstAddresses) expect(derived).not.toContain(address);

    await runtime.stop('SIGINT');
    runtime = await startRuntime(dataDir);
    expect(runtime.output()).toContain(`development xpub from ${join(dataDir, DEPOSIT_XPUB_FILE)}`);

    const again = await api<Bank>('GET', `/customers/${customerId}/withdrawal/banks/${first.body.id}`);
    // The same bank and wallets (a read lists the wallets in the table's order, not the create's).
    const byChain = (bank: Bank) => ({
      ...bank,
      wallets: [...bank.wallets].sort((x, y) => x.chain.localeCompare(y.chain)),
    });
    expect(byChain(again.body)).toEqual(byChain(first.body));
    const second = await api<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      beneficiaryName: 'Jane Doe',
      currency: 'USD',
      accountNumber: '123456789',
      routingNumber: '021000021',
    });
    // The same factories after the restart (deployed by the chain's kept deployer in a fixed order): a new bank's
    // forwarders are new addresses, and the first bank's are still the ones its customer was given.
    const secondAddresses = second.body.wallets.map((w) => w.address);
    expect(new Set([...firstAddresses, ...secondAddresses]).size).toBe(firstAddresses.length + secondAddresses.length);
  });
});
