import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeTableSnapshot } from '#test/support/db/runtime-table.ts';
import { assertBankInvariants, assertCustomerInvariants } from '#test/support/invariants.ts';
import { type Runtime, startRuntime, untilDatabaseReleased } from '#test/support/local-runtime.ts';
import { eventually, type Receiver, startReceiver } from '#test/support/webhooks/receiver.ts';

/**
 * `npm start` killed with SIGKILL while several writers are busy, then started again on the same DATA_DIR:
 * every acknowledged write is there, nothing is half written (each customer and bank with all its items and its
 * event), and the webhooks afterwards carry exactly the stored events: none lost, none for a change that was not
 * stored. (The webhooks suite kills the runtime once, deliberately between storing and publishing one event;
 * this one kills it at a random moment of concurrent load.)
 */

const WRITERS = 4;
const CHAINS = 4;

/** A valid German IBAN for a running number (check digits by ISO 7064 mod 97-10). */
function germanIban(n: number): string {
  const bban = `37040044${String(n).padStart(10, '0')}`;
  const check = 98 - Number(BigInt(`${bban}131400`) % 97n);
  return `DE${String(check).padStart(2, '0')}${bban}`;
}

type Envelope = { event_id: string; event_type: string; org_id: string; data: Record<string, unknown> };

describe('npm start killed with SIGKILL under load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-crash-'));
  let runtime: Runtime;
  let receiver: Receiver;
  // A delivery whose attempt died with the process is retried once its lease ends: the shortest lease allowed.
  // No local chain: nothing here is on one, and its node, mining a block a second, and its watchers would load
  // the cores the other test file running meanwhile needs.
  const env = { WEBHOOK_ATTEMPT_LEASE_S: '20', LOCAL_CHAIN: 'off' };

  beforeAll(async () => {
    receiver = await startReceiver();
    runtime = await startRuntime(dataDir, env);
  });

  afterAll(async () => {
    await runtime?.stop('SIGKILL');
    await receiver?.close();
    await untilDatabaseReleased(dataDir).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write whole after a restart, and publishes exactly the stored events', async () => {
    const { apiKey: key, organizationId } = runtime.localJson();
    const endpoint = await runtime.api<{ id: string }>('POST', '/webhooks/endpoints', {
      key,
      body: { url: receiver.url('/crash') },
    });
    expect(endpoint.status).toBe(201);
    const { body: payee } = await runtime.api<{ customerId: string }>('POST', '/customers', {
      key,
      body: { name: 'Jane Doe', accountType: 'individual', email: 'jane@example.com' },
    });
    expect((await runtime.api('POST', `/sandbox/customers/${payee.customerId}/kyc/approve`, { key })).status).toBe(200);

    // Half the writers create customers, half create banks (each a transaction of a dozen items).
    const acknowledged = { customers: new Map<string, string>(), banks: new Map<string, string>() };
    let stopped = false;
    let serial = 0;
    const writer = async (kind: 'customers' | 'banks') => {
      while (!stopped) {
        const n = ++serial;
        try {
          if (kind === 'customers') {
            const name = `Writer ${n}`;
            const res = await runtime.api<{ customerId: string }>('POST', '/customers', {
              key,
              body: { name, accountType: 'individual', email: `w${n}@example.com` },
            });
            if (res.status === 201) acknowledged.customers.set(res.body.customerId, name);
          } else {
            const iban = germanIban(n);
            const res = await runtime.api<{ id: string }>('POST', `/customers/${payee.customerId}/withdrawal/banks`, {
              key,
              body: { beneficiaryName: 'Jane Doe', iban, bic: 'DEUTDEFF' },
            });
            if (res.status === 201) acknowledged.banks.set(res.body.id, iban);
          }
        } catch {
          // The connection died with the runtime: this write was never acknowledged.
          return;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, i) => writer(i % 2 ? 'banks' : 'customers'));
    await eventually('some acknowledged writes', () => acknowledged.customers.size + acknowledged.banks.size >= 30);

    await runtime.stop('SIGKILL');
    stopped = true;
    await Promise.all(writers);
    await untilDatabaseReleased(dataDir);
    runtime = await startRuntime(dataDir, env);

    // Every acknowledged write is there, as it was acknowledged.
    for (const [customerId, name] of acknowledged.customers) {
      expect(await runtime.api('GET', `/customers/${customerId}`, { key })).toMatchObject({
        status: 200,
        body: { name },
      });
    }
    for (const [bankId, iban] of acknowledged.banks) {
      expect(
        await runtime.api('GET', `/customers/${payee.customerId}/withdrawal/banks/${bankId}`, { key }),
      ).toMatchObject({ status: 200, body: { iban } });
    }
    // Nothing half written, acknowledged or not (a write in flight at the kill is all there or not at all).
    const snapshot = await runtimeTableSnapshot(runtime.localJson());
    assertCustomerInvariants(snapshot);
    assertBankInvariants(snapshot, CHAINS);

    // The webhooks: exactly the stored events of the organization, each at least once.
    const stored = new Set(
      snapshot
        .filter((item) => item.entity === 'EVENT' && (item.envelope as Envelope).org_id === organizationId)
        .map((item) => (item.envelope as Envelope).event_id),
    );
    const deliveredIds = () => new Set(receiver.at('/crash').map((webhook) => webhook.headers['webhook-id']));
    const allDelivered = () => [...stored].every((id) => deliveredIds().has(id));
    await eventually(`all ${stored.size} stored events delivered`, allDelivered, 60_000).catch(async (error) => {
      // Say which are missing and how far their deliveries got, before failing.
      const deliveries = await runtime.api<{ eventId: string }[]>(
        'GET',
        `/webhooks/endpoints/${endpoint.body.id}/deliveries?limit=200`,
        { key },
      );
      const missing = deliveries.body.filter((d) => !deliveredIds().has(d.eventId));
      throw new Error(`${(error as Error).message}; undelivered: ${JSON.stringify(missing)}`);
    });
    expect([...deliveredIds()].filter((id) => !stored.has(id ?? ''))).toEqual([]);
    const storedIds = new Set(snapshot.map((item) => item.customerId ?? item.bankId).filter(Boolean));
    for (const webhook of receiver.at('/crash')) {
      const { data } = JSON.parse(webhook.body) as Envelope;
      expect(storedIds.has(data.customer_id ?? data.withdrawal_bank_id), webhook.body).toBe(true);
    }
  });
});
