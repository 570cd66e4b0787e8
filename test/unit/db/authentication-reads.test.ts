import 'aws-sdk-client-mock-vitest/extend';
import { createHash, randomUUID } from 'node:crypto';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { appDeps } from '#shared/deps.ts';
import { UnauthorizedError } from '#shared/errors.ts';
import { authenticate } from '#shared/http/auth.ts';
import { API_KEY_PATTERN, apiKeyHint, generateApiKey, organizationIdOfApiKey } from '#shared/organizations/api-keys.ts';

/**
 * What authentication costs the database: a key that names its organization is resolved in ONE call (a strongly
 * consistent BatchGetItem of the key item and the organization item); a key issued before keys named their
 * organization still works, with a second read.
 */

const ddb = mockClient(DynamoDBDocumentClient);
const deps = appDeps();
const TABLE = deps.db.tableName;

const RANDOM = 'Zq3'.repeat(14).concat('x'); // 43 base62 characters
const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

function organizationItem(organizationId: string, customers = true) {
  return {
    pk: `ORG#${organizationId}`,
    sk: 'ORG',
    entity: 'ORGANIZATION',
    organizationId,
    name: 'Acme Payouts GmbH',
    environment: 'sandbox',
    features: { customers, apiWithdrawals: true },
    requiredApprovals: 1,
    allowance: { limit: '10000.00', resetPeriodMinutes: 1440 },
    fees: { feeBps: 50, minFee: '1.00' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function keyItem(apiKey: string, organizationId: string, status: 'ACTIVE' | 'REVOKED' = 'ACTIVE') {
  const keyHash = sha256(apiKey);
  return {
    pk: `APIKEY#${keyHash}`,
    sk: 'APIKEY',
    entity: 'APIKEY',
    apiKeyId: randomUUID(),
    organizationId,
    keyHash,
    hint: `sk_sandbox_…${apiKey.slice(-4)}`,
    status,
    createdAt: '2026-01-01T00:00:00.000Z',
    revokedAt: status === 'REVOKED' ? '2026-02-01T00:00:00.000Z' : null,
  };
}

/** A key as issued now: it names its organization (the id's 32 hex digits) before its random part. */
const namingKey = (organizationId: string) => `sk_sandbox_${organizationId.replaceAll('-', '')}${RANDOM}`;
/** A key as issued before: the random part alone. */
const oldKey = () => `sk_sandbox_${RANDOM}`;

/** The table as BatchGetItem sees it: returns whichever of these items the request asks for. */
function givenTable(...items: { pk: string; sk: string }[]) {
  ddb
    .on(BatchGetCommand)
    .callsFake((input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => {
      const wanted = input.RequestItems[TABLE]?.Keys ?? [];
      const found = items.filter((item) => wanted.some((key) => key.pk === item.pk && key.sk === item.sk));
      return { Responses: { [TABLE]: found } };
    });
  for (const item of items) ddb.on(GetCommand, { Key: { pk: item.pk, sk: item.sk } }).resolves({ Item: item });
}

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(BatchGetCommand).resolves({ Responses: { [TABLE]: [] } });
});

describe('authentication by an API key that names its organization', () => {
  it('costs exactly one DynamoDB call: a consistent BatchGetItem of the key and its organization', async () => {
    const organizationId = randomUUID();
    const apiKey = namingKey(organizationId);
    const key = keyItem(apiKey, organizationId);
    givenTable(key, organizationItem(organizationId));

    const auth = await authenticate(deps, `Bearer ${apiKey}`);

    expect(auth).toMatchObject({ organizationId, apiKeyId: key.apiKeyId, organization: { organizationId } });
    expect(ddb.calls()).toHaveLength(1);
    expect(ddb).toHaveReceivedCommandExactlyOnceWith(BatchGetCommand, {
      RequestItems: {
        [TABLE]: {
          Keys: [
            { pk: `APIKEY#${sha256(apiKey)}`, sk: 'APIKEY' },
            { pk: `ORG#${organizationId}`, sk: 'ORG' },
          ],
          ConsistentRead: true,
        },
      },
    });
  });

  it('hands on the organization exactly as that one read found it', async () => {
    const organizationId = randomUUID();
    const apiKey = namingKey(organizationId);
    givenTable(keyItem(apiKey, organizationId), organizationItem(organizationId, false));

    const auth = await authenticate(deps, `Bearer ${apiKey}`);

    expect(auth.organization.features).toEqual({ customers: false, apiWithdrawals: true });
  });

  it('refuses a revoked key after that one call', async () => {
    const organizationId = randomUUID();
    const apiKey = namingKey(organizationId);
    givenTable(keyItem(apiKey, organizationId, 'REVOKED'), organizationItem(organizationId));

    await expect(authenticate(deps, `Bearer ${apiKey}`)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(ddb.calls()).toHaveLength(1);
  });

  it('refuses an unknown key that names an existing organization', async () => {
    const organizationId = randomUUID();
    givenTable(organizationItem(organizationId));

    await expect(authenticate(deps, `Bearer ${namingKey(organizationId)}`)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('trusts the key item, not the name: a key naming another organization gets its own, read apart', async () => {
    const own = randomUUID();
    const named = randomUUID();
    const apiKey = namingKey(named);
    givenTable(keyItem(apiKey, own), organizationItem(own), organizationItem(named));

    const auth = await authenticate(deps, `Bearer ${apiKey}`);

    expect(auth.organizationId).toBe(own);
    expect(ddb).toHaveReceivedCommandWith(GetCommand, { Key: { pk: `ORG#${own}`, sk: 'ORG' }, ConsistentRead: true });
  });
});

describe('authentication by an API key issued before keys named their organization', () => {
  it('still works, with a second read for the organization', async () => {
    const organizationId = randomUUID();
    const apiKey = oldKey();
    givenTable(keyItem(apiKey, organizationId), organizationItem(organizationId));

    const auth = await authenticate(deps, `Bearer ${apiKey}`);

    expect(auth.organizationId).toBe(organizationId);
    expect(ddb).toHaveReceivedCommandTimes(GetCommand, 2);
    expect(ddb).not.toHaveReceivedCommand(BatchGetCommand);
  });
});

describe('the key that names its organization', () => {
  it('is issued with the organization id before a random part of 43 base62 characters, within the contract', () => {
    const organizationId = randomUUID();

    const apiKey = generateApiKey('live', organizationId);

    expect(apiKey).toMatch(new RegExp(`^sk_live_${organizationId.replaceAll('-', '')}[0-9A-Za-z]{43}$`));
    expect(API_KEY_PATTERN.test(apiKey)).toBe(true);
    expect(organizationIdOfApiKey(apiKey)).toBe(organizationId);
    expect(apiKeyHint(apiKey)).toBe(`sk_live_…${apiKey.slice(-4)}`);
  });

  it('is told apart from a key that names nothing', () => {
    expect(organizationIdOfApiKey(oldKey())).toBeUndefined();
    expect(organizationIdOfApiKey(generateApiKey('sandbox'))).toBeUndefined();
    expect(organizationIdOfApiKey(`sk_sandbox_${'x'.repeat(75)}`)).toBeUndefined();
  });
});
