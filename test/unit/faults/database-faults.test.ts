import '#test/support/env.ts';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  InternalServerError,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { routeList } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { OUTCOME_UNKNOWN } from '#shared/withdrawals/withdrawal-rules.ts';
import { bankItem } from '#test/support/banks/bank-items.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { type Backoff, backoffOnATestClock } from '#test/support/db/backoff-clock.ts';
import {
  type Caller,
  givenCaller,
  mockDocumentClient,
  withoutRateLimits,
} from '#test/support/db/document-client-mock.ts';
import { TEST_TABLE } from '#test/support/env.ts';
import {
  type ApiEvent,
  type ApiResult,
  apiEvent,
  bodyOf,
  headerOf,
  invoke,
  jsonBody,
} from '#test/support/http/api-event.ts';
import { apiKeyFor } from '#test/support/organizations/organization-items.ts';
import { captureStderr } from '#test/support/output.ts';

/**
 * The database throttling, failing or timing out: every route answers 503 with Retry-After (or succeeds on a
 * retry), never a 500 and never a word of the failure; and a write either happens whole, in its one
 * TransactWriteItems, or not at all: no other write command is ever sent beside it.
 */

/** What the failures say; none of it may reach a client. */
const INTERNALS = 'arn:aws:dynamodb:eu-central-1:123456789012:table/payouts-unit';
const meta = { $metadata: {} };

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled on ${INTERNALS}`,
    ...meta,
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const CONFLICT = 'a transaction cancelled by a conflicting one';

/** The transient failures, each as the SDK hands it over. */
const FAULTS: [string, () => unknown][] = [
  ['throughput exceeded', () => new ProvisionedThroughputExceededException({ message: INTERNALS, ...meta })],
  ['throttling', () => new ThrottlingException({ message: INTERNALS, ...meta })],
  ['a request limit', () => new RequestLimitExceeded({ message: INTERNALS, ...meta })],
  ['an internal server error', () => new InternalServerError({ message: INTERNALS, ...meta })],
  ['a transaction cancelled by throttling', () => cancelled('ThrottlingError', 'None', 'None')],
  [CONFLICT, () => cancelled('None', 'TransactionConflict', 'None')],
  [
    // @smithy/node-http-handler with throwOnRequestTimeout.
    'a request timeout',
    () =>
      Object.assign(new Error(`${INTERNALS} exceeded the requestTimeout`), { name: 'TimeoutError', code: 'ETIMEDOUT' }),
  ],
  [
    // @smithy/node-http-handler's socket timeout: a name and no code.
    'a socket timeout',
    () => Object.assign(new Error(`the request socket to ${INTERNALS} timed out`), { name: 'TimeoutError' }),
  ],
  ['a reset connection', () => Object.assign(new Error(`read ECONNRESET ${INTERNALS}`), { code: 'ECONNRESET' })],
];

/** The faults after which a write may have landed (or may still land): the database did not say it refused it. */
const AMBIGUOUS_FAULTS = new Set([
  'an internal server error',
  'a request timeout',
  'a socket timeout',
  'a reset connection',
]);

process.env.LOG_LEVEL = 'warn';
const ddb = mockDocumentClient();
let stderr: ReturnType<typeof captureStderr>;

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(QueryCommand).resolves({ Items: [] });
  stderr = captureStderr();
});

afterEach(() => {
  stderr.restore();
  backoff?.restore();
  backoff = undefined;
});

let backoff: Backoff | undefined;

/** The pause `retryOnConflict` asks for after its `n`th lost attempt, at `Math.random() = 0.5`. */
const halfCeiling = (n: number) => 0.5 * Math.min(250, 10 * 2 ** n);

type Handler = (event: ApiEvent, context: never) => Promise<ApiResult>;
const handlerOf = async (route: RouteDefinition): Promise<Handler> =>
  ((await import(pathToFileURL(join(REPO_ROOT, route.handler)).href)) as { handler: Handler }).handler;

function eventFor(route: RouteDefinition, authorization: string, body: unknown = {}, ids: Record<string, string> = {}) {
  const pathParameters = Object.fromEntries(
    [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => [name, ids[name] ?? randomUUID()]),
  );
  return apiEvent({
    method: route.method,
    path: route.path,
    rawPath: route.path.replace(/\{(\w+)\}/g, (_, name: string) => pathParameters[name] ?? ''),
    pathParameters,
    // Console routes: a session cookie (the session is read first) and the console's anti-CSRF proof.
    headers: route.console
      ? { origin: 'http://localhost:3000', 'x-console-request': '1', cookie: `console_session=${'s'.repeat(43)}` }
      : { authorization },
    ...(route.method === 'GET' ? {} : { body: jsonBody(body) }),
  });
}

const SERVICE_UNAVAILABLE = 'Service temporarily unavailable, please retry';

function expectUnavailable(result: ApiResult, what: string, message = SERVICE_UNAVAILABLE) {
  expect(result.statusCode, `${what}: ${result.body}`).toBe(503);
  expect(headerOf(result, 'retry-after'), what).toMatch(/^[1-9]\d*$/);
  expect(bodyOf(result), what).toEqual({ error: message });
  expect(result.body, what).not.toContain('arn:aws');
  expect(result.body, what).not.toContain('ECONNRESET');
}

const expectNoStrayWrites = (what: string) => {
  expect(ddb.commandCalls(PutCommand), `${what}: Put`).toEqual([]);
  expect(ddb.commandCalls(UpdateCommand), `${what}: Update`).toEqual([]);
  expect(ddb.commandCalls(DeleteCommand), `${what}: Delete`).toEqual([]);
  expect(ddb.commandCalls(BatchWriteCommand), `${what}: BatchWrite`).toEqual([]);
};

const authenticated = routeList.filter((route) => route.auth);

/**
 * The first case imports every authenticated route's handler, then runs them all: 3 s on a quiet machine, many
 * times that on two busy cores: a minute, twice the unit tier's timeout.
 */
const EVERY_HANDLER_MS = 60_000;

describe('the HTTP stack when the database fails during authentication (every authenticated route)', () => {
  it.each(FAULTS)(
    'answers 503 with Retry-After, writing nothing, for %s',
    async (fault, error) => {
      for (const route of authenticated) {
        ddb.reset();
        ddb.on(GetCommand).rejects(error() as Error);
        const result = await invoke(await handlerOf(route), eventFor(route, `Bearer ${apiKeyFor()}`));
        expectUnavailable(result, `${route.operationId}, ${fault}`);
        expect(ddb.commandCalls(TransactWriteCommand)).toEqual([]);
        expectNoStrayWrites(route.operationId);
      }
    },
    EVERY_HANDLER_MS,
  );
});

/**
 * Representative writes, each past authentication and its reads, failing at its one transaction. `conditional`
 * is what a lost guard answers: a domain status, never 503 and never 500.
 */
type WriteCase = {
  route: RouteDefinition;
  body: unknown;
  /** Puts what the write reads into the mock; returns the path ids. */
  given: (caller: Caller) => Record<string, string>;
  /**
   * The cancellation codes of a lost guard, and what the route answers then; `once`: the guard is lost once
   * and the route decides again on fresh reads.
   */
  conditional: { codes: string[]; status: number; once?: boolean };
  /** The message of the route's 503. */
  unavailable?: string;
  /** The message of its 503 after a fault that leaves the outcome unknown (the write may have landed), if another. */
  unknownOutcome?: string;
  /** What a transaction that fails once with a conflict and then goes through answers. */
  afterConflict: number;
  /** Writes a route may send before its transaction (reservations that leave only a harmless gap). */
  reservations?: number;
  /**
   * It retries a conflict until its request deadline, pausing through `conflictBackoff` (`retryOnConflict`, or
   * createWithdrawal's own loop, whose deadline is the request's less the truth read's reserve).
   */
  retriesUntilDeadline?: true;
};

const route = (operationId: string) => {
  const found = routeList.find((r) => r.operationId === operationId);
  if (!found) throw new Error(`no route ${operationId}`);
  return found;
};

function givenStoredCustomer(caller: Caller, overrides: Parameters<typeof customerItem>[1] = {}, extra = {}) {
  const item = { ...customerItem(caller.organizationId, overrides), ...extra };
  ddb.on(GetCommand, { Key: { pk: item.pk, sk: 'CUSTOMER' } }).resolves({ Item: item });
  return { customerId: item.customerId };
}

/** The bank the createWithdrawal case put into the mock. */
let withdrawalBankId = '';

const approvedCustomer = {
  verifiedName: 'Ada Lovelace',
  address: { addressLine1: 'Hauptstraße 5', city: 'München', country: 'DE', postalCode: '80331' },
};

const WRITE_CASES: WriteCase[] = [
  {
    route: route('createCustomer'),
    body: { name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com' },
    given: () => ({}),
    // The guard of a fresh id: it cannot fail unless something is broken, so a bare 500 (never a 503 to retry).
    conditional: { codes: ['ConditionalCheckFailed', 'None', 'None'], status: 500 },
    afterConflict: 503,
  },
  {
    route: route('sandboxApproveKyc'),
    retriesUntilDeadline: true,
    body: {},
    given: (caller) => givenStoredCustomer(caller, { kycStatus: 'PENDING' }),
    conditional: { codes: ['ConditionalCheckFailed', 'None'], status: 409 },
    afterConflict: 200,
  },
  {
    route: route('initiateKyc'),
    retriesUntilDeadline: true,
    body: {},
    given: (caller) => givenStoredCustomer(caller),
    conditional: { codes: ['ConditionalCheckFailed'], status: 409 },
    afterConflict: 200,
  },
  {
    route: route('createWithdrawalBank'),
    retriesUntilDeadline: true,
    body: { beneficiaryName: 'Ada Lovelace', iban: 'DE89370400440532013000', bic: 'DEUTDEFF' },
    given: (caller) => {
      ddb.on(UpdateCommand).resolves({ Attributes: { nextIndex: 4 } });
      return givenStoredCustomer(caller, { kycStatus: 'APPROVED' }, approvedCustomer);
    },
    // The account-details item: the account is already registered for this customer.
    conditional: { codes: ['None', 'ConditionalCheckFailed'], status: 409 },
    afterConflict: 201,
    reservations: 1,
  },
  {
    route: route('createWithdrawal'),
    retriesUntilDeadline: true,
    body: { sourceAmount: '100.00', idempotencyKey: 'faults-1' },
    given: (caller) => {
      // The create reads the customer and the bank in its one batch, beside the balance.
      const customer = customerItem(caller.organizationId, { kycStatus: 'APPROVED' });
      const { customerId } = customer;
      const bank = bankItem(caller.organizationId, customerId);
      // 500 USDC available: the withdrawal executes at once, reserving balance and allowance in its transaction.
      const balance = { pk: bank.pk, sk: 'BALANCE', available: 500_000_000, locked: 0 };
      ddb.on(BatchGetCommand).resolves({ Responses: { [TEST_TABLE]: [customer, bank, balance] } });
      withdrawalBankId = bank.bankId;
      return { customerId };
    },
    // The unique reference was taken meanwhile: it draws another and decides again.
    conditional: { codes: ['None', 'None', 'ConditionalCheckFailed'], status: 201, once: true },
    afterConflict: 201,
    unavailable: 'Failed to execute withdrawal; retry with the same idempotency key',
    unknownOutcome: OUTCOME_UNKNOWN,
  },
];

/**
 * A route losing every attempt to a concurrent transaction: one attempt more than pauses, each pause half its
 * growing ceiling (10 ms doubling to 250 ms), every pause ending before the request deadline, and the pause after
 * the last attempt one that would have passed it.
 */
function expectTriedUntilTheDeadline({ pauses }: Backoff) {
  expect(pauses.length).toBeGreaterThan(5);
  expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(pauses.length + 1);
  expect(pauses.map((p) => p.ms)).toEqual(pauses.map((_, i) => halfCeiling(i + 1)));
  const [first] = pauses;
  const deadline = first?.deadline ?? 0;
  expect(deadline).toBeGreaterThan(first?.at ?? Number.POSITIVE_INFINITY);
  for (const { ms, at, deadline: d } of pauses) {
    expect(d).toBe(deadline);
    expect(at + ms).toBeLessThan(deadline);
  }
  expect(Date.now() + halfCeiling(pauses.length + 1)).toBeGreaterThanOrEqual(deadline);
}

describe.each(WRITE_CASES.map((c) => [c.route.operationId, c] as const))('%s when its transaction fails', (_, c) => {
  const send = async (caller: Caller, ids: Record<string, string>) => {
    const body = c.route.operationId === 'createWithdrawal' ? { ...(c.body as object), withdrawalBankId } : c.body;
    return invoke(await handlerOf(c.route), eventFor(c.route, caller.authorization, body, ids));
  };

  const expectOnlyItsTransaction = (what: string) => {
    const calls = ddb.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems);
    expect(calls.length, what).toBeGreaterThanOrEqual(1);
    // A retry sends a whole transaction again, never a part of one: the same, or a withdrawal's decision made
    // afresh, which may be PROPOSED, the same items without the reservations that kept losing.
    const shape = (items: (typeof calls)[number]) => (items ?? []).map((item) => Object.keys(item).join());
    for (const items of calls) expect(shape(items), what).toEqual(shape(calls[0]).slice(0, shape(items).length));
    expect(Math.min(...calls.map((items) => shape(items).length)), what).toBeGreaterThanOrEqual(
      c.route.operationId === 'createWithdrawal' ? 5 : shape(calls[0]).length,
    );
    const updates = withoutRateLimits(ddb.commandCalls(UpdateCommand));
    const reservations = updates.filter((call) => String(call.args[0].input.Key?.pk).startsWith('COUNTER#'));
    expect(reservations.length, what).toBeLessThanOrEqual(c.reservations ?? 0);
    expect(ddb.commandCalls(PutCommand), `${what}: Put`).toEqual([]);
    expect(ddb.commandCalls(DeleteCommand), `${what}: Delete`).toEqual([]);
    expect(ddb.commandCalls(BatchWriteCommand), `${what}: BatchWrite`).toEqual([]);
    expect(updates.length - reservations.length, `${what}: UpdateCommand`).toBe(0);
  };

  it.each(FAULTS)(
    'answers 503 with Retry-After for %s, with nothing written beside the transaction',
    async (fault, error) => {
      const caller = givenCaller(ddb);
      const ids = c.given(caller);
      ddb.on(TransactWriteCommand).rejects(error() as Error);
      const retriesConflicts = fault === CONFLICT && c.retriesUntilDeadline;
      // A create reads its record again while a write of unknown outcome may still land: on the test's clock too.
      if (retriesConflicts || (AMBIGUOUS_FAULTS.has(fault) && c.unknownOutcome)) backoff = backoffOnATestClock();

      const result = await send(caller, ids);

      expectUnavailable(
        result,
        fault,
        AMBIGUOUS_FAULTS.has(fault) ? (c.unknownOutcome ?? c.unavailable) : c.unavailable,
      );
      expectOnlyItsTransaction(fault);
      if (backoff && retriesConflicts) expectTriedUntilTheDeadline(backoff);
    },
  );

  it('answers a lost guard as the route decides, never with 503, and without a word of the failure', async () => {
    const caller = givenCaller(ddb);
    const ids = c.given(caller);
    const lost = cancelled(...c.conditional.codes);
    if (c.conditional.once) ddb.on(TransactWriteCommand).rejectsOnce(lost).resolves({});
    else ddb.on(TransactWriteCommand).rejects(lost);

    const result = await send(caller, ids);

    expect(result.statusCode, result.body).toBe(c.conditional.status);
    if ((result.statusCode ?? 500) >= 400) expect(bodyOf(result)).toEqual({ error: expect.any(String) });
    expect(result.body).not.toContain('arn:aws');
    expectOnlyItsTransaction('conditional');
  });

  it('answers a conflict with a concurrent transaction by retrying it whole, or with 503', async () => {
    const caller = givenCaller(ddb);
    const ids = c.given(caller);
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict', 'None'))
      .resolves({});

    const result = await send(caller, ids);

    expect(result.statusCode, result.body).toBe(c.afterConflict);
    if (result.statusCode === 503) expectUnavailable(result, 'conflict', c.unavailable);
    expectOnlyItsTransaction('conflict');
  });
});
