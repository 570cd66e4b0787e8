import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as createCustomerHandler } from '#functions/api/customers/create-customer.ts';
import { handler as getCustomerHandler } from '#functions/api/customers/get-customer.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { toCustomer } from '#shared/customers/schemas.ts';
import { appDeps } from '#shared/deps.ts';
import { authenticate } from '#shared/http/auth.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { type ApiEvent, apiEvent, invoke } from '#test/support/http/api-event.ts';
import { apiKeyFor, apiKeyItem, organizationItem } from '#test/support/organizations/organization-items.ts';

/**
 * What the HTTP stack costs per request: a route's handler (request id, authentication, feature gates,
 * validation, error mapping, response) against a bare function doing the same reads and writes without it, both
 * on an in-memory store (the SDK client mocked, so the database costs nothing), in a loop.
 */
export type Overhead = { route: string; stackNs: number; bareNs: number; overheadNs: number };

const nsPerOp = async (iterations: number, op: () => Promise<unknown>) => {
  for (let i = 0; i < Math.min(2_000, iterations); i++) await op();
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await op();
  return Number(process.hrtime.bigint() - started) / iterations;
};

export async function measureOverhead(iterations: number): Promise<Overhead[]> {
  const ddb = mockClient(DynamoDBDocumentClient);
  try {
    const organization = organizationItem();
    const apiKey = apiKeyFor();
    const key = apiKeyItem(apiKey, organization.organizationId);
    const customer = customerItem(organization.organizationId);
    ddb.on(GetCommand).resolves({});
    ddb.on(GetCommand, { Key: { pk: key.pk, sk: 'APIKEY' } }).resolves({ Item: key });
    ddb.on(GetCommand, { Key: { pk: organization.pk, sk: 'ORG' } }).resolves({ Item: organization });
    ddb.on(GetCommand, { Key: { pk: customer.pk, sk: 'CUSTOMER' } }).resolves({ Item: customer });
    ddb.on(TransactWriteCommand).resolves({});
    // The rate limits' leases: granted whole.
    ddb.on(UpdateCommand).resolves({});
    const deps = appDeps();
    const authorization = `Bearer ${apiKey}`;
    const body = { name: 'Ada Lovelace', accountType: 'individual' as const, email: 'ada@example.com' };

    const getEvent: ApiEvent = apiEvent({
      path: '/api/v2/customers/{customerId}',
      rawPath: `/api/v2/customers/${customer.customerId}`,
      pathParameters: { customerId: customer.customerId },
      headers: { authorization },
    });
    const createEvent: ApiEvent = apiEvent({
      method: 'POST',
      path: '/api/v2/customers',
      headers: { authorization },
      body: JSON.stringify(body),
    });
    const bareGet = async (event: ApiEvent) => {
      const auth = await authenticate(deps, event.headers.authorization);
      const found = await requireCustomer(deps, auth.organizationId, event.pathParameters?.customerId ?? '');
      return { statusCode: 200, body: JSON.stringify(toCustomer(found)) };
    };
    const bareCreate = async (event: ApiEvent) => {
      const auth = await authenticate(deps, event.headers.authorization);
      const created = await createCustomer(deps, {
        organizationId: auth.organizationId,
        ...JSON.parse(event.body ?? '{}'),
      });
      return { statusCode: 201, body: JSON.stringify(created) };
    };

    const rows: Overhead[] = [];
    for (const [route, handler, bare, event] of [
      ['getCustomer', getCustomerHandler, bareGet, getEvent],
      ['createCustomer', createCustomerHandler, bareCreate, createEvent],
    ] as const) {
      const stackNs = await nsPerOp(iterations, () => invoke(handler, event));
      const bareNs = await nsPerOp(iterations, () => bare(event));
      rows.push({ route, stackNs, bareNs, overheadNs: stackNs - bareNs });
    }
    return rows;
  } finally {
    ddb.restore();
  }
}
