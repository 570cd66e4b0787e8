import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, type Runtime, startRuntime, untilDatabaseReleased } from '#test/support/local-runtime.ts';
import { eventually, type Receiver, startReceiver } from '#test/support/webhooks/receiver.ts';

/**
 * Everything `npm start` writes to stdout and stderr while keys, webhook secrets and bank accounts pass
 * through it, at the most verbose log level: no API key, no `whsec_` secret, no full IBAN or account number.
 * The banner printed at start shows the sandbox key on purpose (it is how a developer gets it); the logs after
 * it are what is checked.
 */
const BANNER_END = 'Press Ctrl-C to stop.';

const EUR_IBAN = 'DE89370400440532013000';
const OTHER_IBAN = 'NL91ABNA0417164300';
const USD_ACCOUNT = '000123456789';

describe('secrets in the logs of npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-secrets-'));
  let runtime: Runtime;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    receiver.answer('/failing', () => 500);
    runtime = await startRuntime(dataDir, { LOG_LEVEL: 'debug', WEBHOOK_RETRY_SCHEDULE: '1,1' });
  });

  afterAll(async () => {
    await runtime?.stop('SIGKILL');
    await receiver?.close();
    await untilDatabaseReleased(dataDir).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('never contain an API key, a webhook secret or a full account number', async () => {
    const { apiKey, organizationId } = runtime.localJson();
    const secrets: string[] = [apiKey];

    // Keys: a second one used and revoked, unknown and malformed ones refused.
    const created = await admin(dataDir, 'key', 'create', organizationId);
    const secondKey = String(created.apiKey);
    secrets.push(secondKey);
    expect((await runtime.api('GET', '/customers', { key: secondKey })).status).toBe(200);
    await admin(dataDir, 'key', 'revoke', String(created.apiKeyId));
    expect((await runtime.api('GET', '/customers', { key: secondKey })).status).toBe(401);
    const unknownKey = `sk_sandbox_${'Z'.repeat(43)}`;
    secrets.push(unknownKey);
    expect((await runtime.api('GET', '/customers', { key: unknownKey })).status).toBe(401);
    expect(JSON.stringify(await admin(dataDir, 'key', 'list', organizationId))).not.toContain(secondKey);

    // Bank accounts, accepted and refused.
    const { body: customer } = await runtime.given<{ customerId: string }>(
      'create customer',
      'POST',
      '/customers',
      { key: apiKey, body: { name: 'Jane Doe', accountType: 'individual', email: 'jane@example.com' } },
      201,
    );
    const approve = `/sandbox/customers/${customer.customerId}/kyc/approve`;
    await runtime.given('approve KYC', 'POST', approve, { key: apiKey }, 200);
    const banks = `/customers/${customer.customerId}/withdrawal/banks`;
    for (const [body, status] of [
      [{ beneficiaryName: 'Jane Doe', iban: 'DE89 3704 0044 0532 0130 00', bic: 'DEUTDEFF' }, 201],
      [{ beneficiaryName: 'Jane Doe', currency: 'USD', accountNumber: USD_ACCOUNT, routingNumber: '021000021' }, 201],
      [{ beneficiaryName: 'Jane Doe', iban: EUR_IBAN, bic: 'DEUTDEFF' }, 409],
      [{ beneficiaryName: 'Max', iban: OTHER_IBAN, bic: 'ABNANL2A', recipientType: 'OTHER_INDIVIDUAL' }, 400],
      [{ beneficiaryName: 'Jane Doe', iban: OTHER_IBAN.replace('91', '92'), bic: 'ABNANL2A' }, 400],
      [{ beneficiaryName: 'Jane Doe', iban: OTHER_IBAN, bic: 'ABNANL2A', note: OTHER_IBAN }, 400],
    ] as const) {
      expect((await runtime.api('POST', banks, { key: apiKey, body })).status, JSON.stringify(body)).toBe(status);
    }
    secrets.push(EUR_IBAN, 'DE89 3704 0044 0532 0130 00', OTHER_IBAN, USD_ACCOUNT);

    // Webhook secrets: created, rotated, and used to sign deliveries that succeed and that fail.
    const failing = await runtime.api<{ id: string; secret: string }>('POST', '/webhooks/endpoints', {
      key: apiKey,
      body: { url: receiver.url('/failing') },
    });
    const working = await runtime.api<{ id: string; secret: string }>('POST', '/webhooks/endpoints', {
      key: apiKey,
      body: { url: receiver.url('/working') },
    });
    const rotated = await runtime.api<{ secret: string }>(
      'POST',
      `/webhooks/endpoints/${working.body.id}/rotate-secret`,
      { key: apiKey },
    );
    secrets.push(failing.body.secret, working.body.secret, rotated.body.secret);
    expect(secrets.filter((s) => s.startsWith('whsec_'))).toHaveLength(3);
    await runtime.api('POST', `/webhooks/endpoints/${failing.body.id}/test`, { key: apiKey });
    await runtime.api('POST', `/webhooks/endpoints/${working.body.id}/test`, { key: apiKey });
    await eventually(
      'failed and successful attempts',
      () => receiver.at('/failing').length >= 2 && receiver.at('/working').length >= 1,
    );

    const logs = runtime.output().split(BANNER_END)[1] ?? '';
    // The logs are there to be searched: the sender logged its attempts.
    expect(logs).toContain('webhook attempt');
    for (const secret of secrets) expect(logs, `the logs show ${secret.slice(0, 12)}…`).not.toContain(secret);
    expect(logs).not.toMatch(/sk_(sandbox|live)_[0-9A-Za-z]{20,}/);
    expect(logs).not.toMatch(/whsec_[A-Za-z0-9+/=]{8,}/);
  });
});
