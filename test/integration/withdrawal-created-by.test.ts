import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '#shared/db/keys.ts';
import { apiKeyHint } from '#shared/organizations/api-keys.ts';
import { listApiKeysOfOrganization } from '#shared/organizations/repository.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { givenPayee } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * A withdrawal stores who created it: the API key that authenticated the create, single or in a batch, as its id
 * and the hint the console lists keys by, never the key (the console's story and export show it).
 */
const table = useOwnTable();
const { request } = useApi();

let payee: Awaited<ReturnType<typeof givenPayee>>;
let expected: { kind: 'apiKey'; apiKeyId: string; hint: string };

const storedCreator = async (transaction: Transaction) => {
  const { Item } = await table.deps.db.client.send(
    new GetCommand({
      TableName: table.deps.db.tableName,
      Key: keys.transaction(payee.org.organizationId, transaction.customerId, transaction.id),
    }),
  );
  expect(JSON.stringify(Item)).not.toContain(payee.key);
  return Item?.createdBy;
};

beforeAll(async () => {
  payee = await givenPayee(table.deps, request, { balance: '100.00' });
  const [key] = await listApiKeysOfOrganization(table.deps.db, payee.org.organizationId);
  if (!key) throw new Error('the organization has no key');
  expected = { kind: 'apiKey', apiKeyId: key.apiKeyId, hint: apiKeyHint(payee.key) };
});

describe('who created a withdrawal', () => {
  it('is the key of a single create', async () => {
    const created = await payee.withdraw({ sourceAmount: '10.00' }, { 'Idempotency-Key': crypto.randomUUID() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await storedCreator(created.body)).toEqual(expected);
  });

  it("is the batch's key for each of its withdrawals", async () => {
    const batch = await request<{ results: { status: number; transaction?: Transaction }[] }>(
      'POST',
      '/withdrawals/batch',
      {
        key: payee.key,
        body: {
          idempotencyKey: crypto.randomUUID(),
          withdrawals: [
            {
              customerId: payee.customerId,
              withdrawalBankId: payee.bankId,
              sourceAmount: '10.00',
              idempotencyKey: crypto.randomUUID(),
            },
          ],
        },
      },
    );
    const transaction = batch.body.results[0]?.transaction;
    if (!transaction) throw new Error(`no withdrawal: ${JSON.stringify(batch.body)}`);
    expect(await storedCreator(transaction)).toEqual(expected);
  });
});
