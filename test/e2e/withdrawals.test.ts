import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { bankItem } from '#test/support/banks/bank-items.ts';
import { admin, type Runtime, startRuntime } from '#test/support/local-runtime.ts';

type Transaction = { id: string; status: string; completedAt: string | null; requiresUiAction: boolean };

describe('withdrawals on npm start: settlement and expiry workers, the admin CLI', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-withdrawals-'));
  let runtime: Runtime;
  let key: string;
  let customerId: string;
  let bankId: string;

  // Through the runtime's own helper, so every response is checked against the OpenAPI document.
  const api = <T>(method: string, path: string, body?: object) =>
    runtime.api<T>(method, path, { key, ...(body === undefined ? {} : { body }) });

  /**
   * Polls until the transaction reaches `status` (the worker runs every second), or fails after `ms`: a minute,
   * as a worker's round can take many seconds on two busy cores.
   */
  async function eventually(transactionId: string, status: string, ms = 60_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const { body } = await api<Transaction>('GET', `/customers/${customerId}/transactions/${transactionId}`);
      if (body.status === status || Date.now() > deadline) return body;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  beforeAll(async () => {
    // No local chain: nothing here is on one, and its node, mining a block a second, and its watchers would load
    // the cores the other test file running meanwhile needs.
    runtime = await startRuntime(dataDir, { SANDBOX_SETTLE_AFTER_S: '1', LOCAL_CHAIN: 'off' });
    const local = runtime.localJson();
    key = local.apiKey;
    const customer = await runtime.given<{ customerId: string }>(
      'create customer',
      'POST',
      '/customers',
      { key, body: { name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com' } },
      201,
    );
    customerId = customer.body.customerId;
    await runtime.given('approve KYC', 'POST', `/sandbox/customers/${customerId}/kyc/approve`, { key }, 200);
    // The bank routes are another area's: the bank is put into the runtime's table directly.
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: local.dynamodbEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
    );
    const bank = bankItem(local.organizationId, customerId);
    bankId = bank.bankId;
    await client.send(new PutCommand({ TableName: local.tableName, Item: bank }));
    client.destroy();
  });

  afterAll(async () => {
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('announces the workers and settles a sandbox payout by itself', async () => {
    expect(runtime.output()).toContain('the sandbox bank answers after 1 s');
    expect(runtime.output()).toContain('Payout batcher   every 1 s');
    expect(runtime.output()).toContain('Expiry sweep');
    await api('POST', `/sandbox/customers/${customerId}/balance`, { amount: '100' });

    const created = await api<Transaction>('POST', `/customers/${customerId}/withdrawal`, {
      withdrawalBankId: bankId,
      idempotencyKey: 'e2e-1',
      sourceAmount: '40',
    });
    const settled = await eventually(created.body.id, 'COMPLETED');

    expect(created).toMatchObject({ status: 201, body: { status: 'PROCESSING' } });
    expect(settled).toMatchObject({ status: 'COMPLETED', completedAt: expect.any(String) });
    expect((await api('GET', `/customers/${customerId}/balance`)).body).toMatchObject({
      balance: '60.00',
      availableBalance: '60.00',
      lockedBalance: '0.00',
    });
  });

  it('executes a proposal once an operator approves it with the admin CLI, then settles it', async () => {
    await api('POST', '/sandbox/allowance', { limit: '0', resetPeriodMinutes: 0 });
    const proposed = await api<Transaction>('POST', `/customers/${customerId}/withdrawal`, {
      withdrawalBankId: bankId,
      idempotencyKey: 'e2e-2',
      targetAmount: '10.00',
    });
    expect(proposed.body).toMatchObject({ status: 'PROPOSED', requiresUiAction: true });

    const approved = await admin(dataDir, 'withdrawal', 'approve', proposed.body.id, '--as', 'ops@example.com');

    expect(approved).toMatchObject({ id: proposed.body.id, status: 'PROCESSING', requiresUiAction: false });
    expect(await eventually(proposed.body.id, 'COMPLETED')).toMatchObject({ status: 'COMPLETED' });
  });
});
