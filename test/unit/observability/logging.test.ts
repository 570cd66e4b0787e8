import '#test/support/env.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiHandler } from '#shared/http/api-handler.ts';
import { appendLogKeys, log } from '#shared/log.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';
import { givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent, invoke } from '#test/support/http/api-event.ts';
import { apiKeyFor } from '#test/support/organizations/organization-items.ts';
import { captureOutputOfEachTest } from '#test/support/output.ts';

// Read with the rest of the configuration at the first log line, so this applies although the modules are loaded.
process.env.LOG_LEVEL = 'info';
process.env.SERVICE_NAME = 'payouts-unit';

const TRANSACTION_ID = '0b7d3c1e-5f0a-4c8e-9d1b-2a3f4e5d6c7b';

const transactionRoute = {
  operationId: 'unitGetTransaction',
  method: 'GET',
  path: '/api/v2/unit/transactions/{transactionId}',
  handler: 'test/unit/observability/logging.test.ts',
  tag: 'Test',
  auth: true,
  successStatus: 200,
  access: { table: 'read' },
  request: { params: z.strictObject({ transactionId: z.string() }) },
  responses: {},
} satisfies RouteDefinition;

const transactionEvent = (authorization: string, requestId: string) =>
  apiEvent({
    path: transactionRoute.path,
    rawPath: `/api/v2/unit/transactions/${TRANSACTION_ID}`,
    pathParameters: { transactionId: TRANSACTION_ID },
    headers: { authorization },
    requestId,
  });

const ddb = mockDocumentClient();
const output = captureOutputOfEachTest();

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
});

describe('log lines', () => {
  it('are one JSON object each, with level, time, message and service', () => {
    log.info('payout settled', { amount: '12.50' });

    expect(output.stdout().json()).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        message: 'payout settled',
        service: 'payouts-unit',
        amount: '12.50',
      },
    ]);
  });

  it('go to stderr from warn up and are left out below the configured level', () => {
    log.debug('too chatty');
    log.warn('careful');
    log.error('broken');

    expect(output.stdout().lines).toEqual([]);
    expect(
      output
        .stderr()
        .json()
        .map((line) => line.level),
    ).toEqual(['warn', 'error']);
  });

  it('never carry authorization headers, API keys, secrets, IBANs or account numbers, however nested', () => {
    const apiKey = apiKeyFor('live');
    const secrets = {
      authorization: `Bearer ${apiKey}`,
      apiKey,
      'x-api-key': apiKey,
      webhookSecret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5',
      signing_secret: 'another-signing-secret',
      password: 'hunter2-hunter2',
      accessToken: 'token-value-abcdef',
      privateKey:
        'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
      iban: 'DE89370400440532013000',
      accountNumber: '000123456789',
    };

    log.info('bank registered', {
      ...secrets,
      headers: { Authorization: `Bearer ${apiKey}` },
      withdrawalBank: { beneficiaryName: 'Ada Lovelace', iban: secrets.iban, account_number: secrets.accountNumber },
      banks: [{ iban: secrets.iban }],
      apiKeyId: 'key-id-is-not-a-secret',
    });

    const text = output.stdout().text();
    for (const value of Object.values(secrets)) expect(text).not.toContain(value);
    const [line] = output.stdout().json();
    expect(line).toMatchObject({
      authorization: '[redacted]',
      apiKey: '[redacted]',
      'x-api-key': '[redacted]',
      iban: '[redacted]',
      headers: { Authorization: '[redacted]' },
      withdrawalBank: { beneficiaryName: 'Ada Lovelace', iban: '[redacted]', account_number: '[redacted]' },
      banks: [{ iban: '[redacted]' }],
      apiKeyId: 'key-id-is-not-a-secret',
    });
  });

  it('cut an API key out of free text, error messages and stacks included', () => {
    const apiKey = apiKeyFor('sandbox');
    const error = new Error(`upstream rejected Bearer ${apiKey}`);

    log.error(`request with ${apiKey} failed`, { error, note: `key was ${apiKey}` });

    expect(output.stderr().text()).not.toContain(apiKey.slice('sk_sandbox_'.length));
    const [line] = output.stderr().json();
    expect(line).toMatchObject({
      message: 'request with sk_sandbox_[redacted] failed',
      note: 'key was sk_sandbox_[redacted]',
      error: { name: 'Error', message: 'upstream rejected Bearer sk_sandbox_[redacted]' },
    });
  });

  it("never carry a console session: not in the event's cookies, nor in free text", () => {
    const token = 'Q'.repeat(43);
    const event = { cookies: [`console_session=${token}`], headers: { cookie: `__Host-console_session=${token}` } };

    log.error(`refused ${JSON.stringify(event)}`, { event, error: new Error(`bad console_session=${token}`) });

    expect(output.stderr().text()).not.toContain(token);
    const [line] = output.stderr().json();
    expect(line).toMatchObject({
      event: { cookies: '[redacted]', headers: { cookie: '[redacted]' } },
      error: { message: 'bad console_session=[redacted]' },
    });
  });
});

describe('request keys', () => {
  it('stamp what a use case logs with the request id, route, organization and transaction', async () => {
    const caller = givenCaller(ddb);
    const handler = apiHandler(transactionRoute, () => {
      log.info('looking the transaction up');
      return { ok: true };
    });

    const result = await invoke(handler, transactionEvent(caller.authorization, 'gw-keys-1'));

    expect(result.statusCode).toBe(200);
    expect(output.stdout().json()).toEqual([
      expect.objectContaining({
        message: 'looking the transaction up',
        requestId: 'gw-keys-1',
        operationId: 'unitGetTransaction',
        organizationId: caller.organizationId,
        transactionId: TRANSACTION_ID,
        functionRequestId: expect.any(String),
      }),
    ]);
  });

  it('take keys a use case adds for the rest of its request only', async () => {
    const caller = givenCaller(ddb);
    const handler = apiHandler(transactionRoute, () => {
      appendLogKeys({ customerId: 'customer-1' });
      log.info('with the customer');
      return { ok: true };
    });

    await invoke(handler, transactionEvent(caller.authorization, 'gw-keys-2'));
    log.info('after the request');

    const [during, after] = output.stdout().json();
    expect(during).toMatchObject({ customerId: 'customer-1', requestId: 'gw-keys-2' });
    expect(after).not.toHaveProperty('customerId');
    expect(after).not.toHaveProperty('requestId');
  });

  it('stay with their own request when requests interleave in one process', async () => {
    const first = givenCaller(ddb);
    const second = givenCaller(ddb);
    const handler = apiHandler(transactionRoute, async () => {
      log.info('before waiting');
      await sleep(5);
      log.info('after waiting');
      return { ok: true };
    });

    await Promise.all([
      invoke(handler, transactionEvent(first.authorization, 'gw-first')),
      invoke(handler, transactionEvent(second.authorization, 'gw-second')),
    ]);

    const lines = output.stdout().json();
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      const expected = line.requestId === 'gw-first' ? first.organizationId : second.organizationId;
      expect(line.organizationId).toBe(expected);
    }
  });

  it('are on the line of an unhandled error, and the caller key is not', async () => {
    const caller = givenCaller(ddb);
    const handler = apiHandler(transactionRoute, () => {
      throw new Error('boom');
    });

    const result = await invoke(handler, transactionEvent(caller.authorization, 'gw-keys-500'));

    expect(result.statusCode).toBe(500);
    expect(output.stderr().json()).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'unhandled error',
        requestId: 'gw-keys-500',
        organizationId: caller.organizationId,
        transactionId: TRANSACTION_ID,
        error: expect.objectContaining({ message: 'boom' }),
      }),
    ]);
    expect(output.stderr().text()).not.toContain(caller.apiKey);
  });
});
