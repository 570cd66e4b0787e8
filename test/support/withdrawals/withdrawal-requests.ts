import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '#shared/deps.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { type BankOverrides, bankItem } from '#test/support/banks/bank-items.ts';
import { givenOrganization } from '#test/support/deps.ts';
import type { ApiResponse } from '#test/support/http/local-api.ts';
import { setupRequest } from '#test/support/http/setup-requests.ts';

type Request = <T = unknown>(
  method: string,
  path: string,
  options?: { key?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<ApiResponse<T>>;

/** Puts a bank of the customer straight into the table (the bank routes are another area's). */
export async function givenBank(deps: Deps, organizationId: string, customerId: string, overrides: BankOverrides = {}) {
  const item = bankItem(organizationId, customerId, overrides);
  await deps.db.client.send(new PutCommand({ TableName: deps.db.tableName, Item: item }));
  return item.bankId;
}

/**
 * A sandbox organization with a KYC-approved customer, an ACTIVE EUR bank and, optionally, a USDC balance:
 * everything a withdrawal needs. Each request is a set-up request (`setupRequest`): a busy database's 503 is sent
 * again, any other refusal throws with its status and body.
 */
export async function givenPayee(
  deps: Deps,
  request: Request,
  options: { balance?: string; organization?: Parameters<typeof givenOrganization>[1]; bank?: BankOverrides } = {},
) {
  const org = await givenOrganization(deps, options.organization);
  const key = org.apiKey;
  const customer = await setupRequest(
    'create customer',
    () =>
      request<{ customerId: string }>('POST', '/customers', {
        key,
        body: { name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com' },
      }),
    201,
  );
  const customerId = customer.body.customerId;
  await setupRequest(
    'approve KYC',
    () => request('POST', `/sandbox/customers/${customerId}/kyc/approve`, { key }),
    200,
  );
  const bankId = await givenBank(deps, org.organizationId, customerId, options.bank);
  if (options.balance) await creditOnce(request, key, customerId, options.balance);
  const withdraw = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    request<Transaction>('POST', `/customers/${customerId}/withdrawal`, {
      key,
      body: { withdrawalBankId: bankId, ...body },
      ...(headers ? { headers } : {}),
    });
  return { org, key, customerId, bankId, withdraw };
}

/**
 * Credits a fresh customer's balance once: a credit is not idempotent, so after a busy database's 503 it is sent
 * again only if the balance shows none landed.
 */
async function creditOnce(request: Request, key: string, customerId: string, amount: string) {
  await setupRequest(
    'credit the balance',
    async () => {
      const before = await request<{ balance: string }>('GET', `/customers/${customerId}/balance`, { key });
      if (before.status !== 200 || Number(before.body.balance) > 0) return before.status === 200 ? credited : before;
      return request('POST', `/sandbox/customers/${customerId}/balance`, { key, body: { amount } });
    },
    201,
  );
}

/** What `creditOnce` answers when an earlier attempt's credit landed. */
const credited = { status: 201, body: {} };

export type EventEnvelope = {
  event_id: string;
  event_type: string;
  created_at: string;
  org_id: string;
  data: Record<string, string>;
};

/** Test-only: the event records of one transaction, oldest first (request code never scans). */
export async function eventsOfTransaction(deps: Deps, transactionId: string): Promise<EventEnvelope[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.client.send(
      new ScanCommand({
        TableName: deps.db.tableName,
        FilterExpression: 'entity = :e AND envelope.#data.transaction_id = :t',
        ExpressionAttributeNames: { '#data': 'data' },
        ExpressionAttributeValues: { ':e': 'EVENT', ':t': transactionId },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items
    .map((item) => item.envelope as EventEnvelope)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || statusOrder(a) - statusOrder(b));
}

/** Events of one millisecond keep their causal order: creation first. */
const statusOrder = (event: EventEnvelope) => (event.event_type.endsWith('.created') ? 0 : 1);
