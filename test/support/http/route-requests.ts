import { randomBytes, randomUUID } from 'node:crypto';
import { getBooking } from '#shared/bank-credits/booking-repository.ts';
import { bookingIdOf } from '#shared/bank-credits/credits-of-report.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import { describeSchemas, operationProse } from '#shared/openapi/prose.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { applyBankReport } from '#shared/payouts/apply-bank-report.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { holdPut } from '#shared/screening/hold-repository.ts';
import { newHold } from '#shared/screening/hold-rules.ts';
import * as z from '#shared/validation/zod.ts';
import { credit, creditReport } from '#test/support/bank-credits/credits.ts';
import { eurBank, givenCustomer } from '#test/support/banks/bank-requests.ts';
import { consoleHeaders } from '#test/support/console/console-client.ts';
import { integrationDeps } from '#test/support/deps.ts';
import type { ApiResponse } from '#test/support/http/local-api.ts';
import { multipartBody } from '#test/support/http/multipart-body.ts';
import { busEventMessage, customerCreated, receive, senderTestDeps } from '#test/support/webhooks/sender.ts';

/**
 * What the route-table-generated suites (tenant isolation, fuzzing) need to call any route for real: an id of
 * a real resource for each path parameter, and a request body and query that pass the route's own schemas.
 * A route with a path parameter nobody provides for, or a body that cannot be made valid, fails those suites
 * with a message pointing here, so a new route cannot slip past them.
 */

export type Request = <T = unknown>(
  method: string,
  path: string,
  options?: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
) => Promise<ApiResponse<T>>;

/** `consoleCookie`: an owner's console session, for the console's session routes (which refuse API keys). */
export type Tenant = { organizationId: string; apiKey: string; consoleCookie?: string };
export type Ids = Record<string, string>;

type ProviderContext = { tenant: Tenant; request: Request; need: (param: string) => Promise<string> };

const expectStatus = <T>(res: ApiResponse<T>, status: number, what: string): T => {
  if (res.status !== status)
    throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/**
 * One provider per path parameter name: it creates a real resource of the tenant over the API and returns its
 * id. Providers may `need` other parameters (a bank needs its customer); within one tenant each is made once.
 */
export const resourceProviders: Record<string, (ctx: ProviderContext) => Promise<string>> = {
  // A key made for the purpose through the console (with the tenant's owner session), so that revoking it in a
  // run leaves the tenant's own API key working.
  apiKeyId: async ({ tenant, request }) => {
    if (!tenant.consoleCookie) throw new Error('apiKeyId needs a tenant with a console session');
    // The request helper prefixes /api/v2; the URL's dot segment resolves to /api/console/api-keys.
    const res = await request<{ id: string }>('POST', '/../console/api-keys', {
      body: {},
      headers: { ...consoleHeaders(), cookie: tenant.consoleCookie },
    });
    return expectStatus(res, 201, 'create API key').id;
  },
  // A pending invite to a fresh address, made with the tenant's owner session.
  inviteId: async ({ tenant, request }) => {
    if (!tenant.consoleCookie) throw new Error('inviteId needs a tenant with a console session');
    const res = await request<{ inviteId: string }>('POST', '/../console/invites', {
      body: { email: `invitee-${randomUUID()}@example.com`, role: 'viewer' },
      headers: { ...consoleHeaders(), cookie: tenant.consoleCookie },
    });
    return expectStatus(res, 201, 'invite a member').inviteId;
  },
  // A file the docs page serves (a public route; the fuzzing suite calls it too).
  asset: async () => 'swagger-ui.css',
  // A KYC-approved individual (Jane Doe), so that banks and withdrawals can be made for it.
  customerId: ({ tenant, request }) => givenCustomer(request, tenant.apiKey),
  bankId: async ({ tenant, request, need }) => {
    const customerId = await need('customerId');
    const res = await request<{ id: string }>('POST', `/customers/${customerId}/withdrawal/banks`, {
      key: tenant.apiKey,
      body: eurBank(),
    });
    return expectStatus(res, 201, 'create bank').id;
  },
  // PROPOSED (the customer has no balance), so that a leaked approve, cancel or expire would change it.
  transactionId: async ({ tenant, request, need }) => {
    const customerId = await need('customerId');
    const res = await request<{ id: string; status: string }>('POST', `/customers/${customerId}/withdrawal`, {
      key: tenant.apiKey,
      body: { withdrawalBankId: await need('bankId'), sourceAmount: '25.00', idempotencyKey: randomUUID() },
    });
    return expectStatus(res, 201, 'create withdrawal').id;
  },
  // A withdrawal batch of one PROPOSED payout (the customer has no balance): the console approves it as one.
  batchId: async ({ tenant, request, need }) => {
    const res = await request<{ batchId: string }>('POST', '/withdrawals/batch', {
      key: tenant.apiKey,
      body: {
        idempotencyKey: randomUUID(),
        withdrawals: [
          {
            customerId: await need('customerId'),
            withdrawalBankId: await need('bankId'),
            sourceAmount: '25.00',
            idempotencyKey: randomUUID(),
          },
        ],
      },
    });
    return expectStatus(res, 201, 'create withdrawal batch').batchId;
  },
  // A destination wallet at a fresh address (addresses are unique within an organization).
  walletId: async ({ tenant, request, need }) => {
    const res = await request<{ id: string }>('POST', `/customers/${await need('customerId')}/deposit/wallets`, {
      key: tenant.apiKey,
      body: { address: `0x${randomBytes(20).toString('hex')}`, currency: 'usdc', chain: 'base' },
    });
    return expectStatus(res, 201, 'create wallet').id;
  },
  virtualAccountId: async ({ tenant, request, need }) => {
    const res = await request<{ id: string }>('POST', `/customers/${await need('customerId')}/virtual-account`, {
      key: tenant.apiKey,
      body: { currency: 'USD' },
    });
    return expectStatus(res, 202, 'request virtual account').id;
  },
  // Not a path parameter: the deposit address of the tenant's bank on base, which bodies name (inbound deposits).
  walletAddress: async ({ tenant, request, need }) => {
    const customerId = await need('customerId');
    const res = await request<{ wallets: { chain: string; address: string }[] }>(
      'GET',
      `/customers/${customerId}/withdrawal/banks/${await need('bankId')}`,
      { key: tenant.apiKey },
    );
    const address = expectStatus(res, 200, 'get bank').wallets.find((w) => w.chain === 'base')?.address;
    if (!address) throw new Error('the bank has no deposit wallet on base');
    return address;
  },
  // An open sanctions hold of the tenant's bank, as bank registration writes one on a hit (the suites load no lists).
  holdId: async ({ tenant, need }) => {
    const { db } = integrationDeps();
    const subject = {
      kind: 'bank' as const,
      customerId: await need('customerId'),
      bankId: await need('bankId'),
      onClear: 'ACTIVE' as const,
    };
    const hit = {
      list: 'OFAC_SDN' as const,
      listVersion: 'route-table suites',
      entryId: '1',
      entryName: 'LISTED, Person',
      matchedName: 'LISTED, Person',
      score: 0.95,
    };
    const hold = newHold({
      organizationId: tenant.organizationId,
      subject,
      screened: 'Listed Person',
      hit,
      now: new Date(),
    });
    await writeGuarded(db, [holdPut(db, hold)]);
    return hold.holdId;
  },
  // A credit naming the tenant's customer in a currency the receiving account does not take: it waits in the
  // tenant's suspense queue.
  bookingId: async ({ tenant, need }) => {
    const deps = integrationDeps();
    const customer = await getCustomer(deps.db, tenant.organizationId, await need('customerId'));
    if (!customer) throw new Error('bookingId: the tenant has no customer');
    const entry = credit({ currency: 'USD', remittance: [customer.depositReference] });
    await applyBankReport(deps, creditReport(deps, [entry]));
    const bookingId = bookingIdOf({ iban: deps.config.deposits.eurAccount.iban }, entry.bankReference);
    if ((await getBooking(deps.db, bookingId))?.status !== 'SUSPENSE') throw new Error('bookingId: not in suspense');
    return bookingId;
  },
  // The KYC provider whose webhook route takes events.
  provider: async () => 'sumsub',
  // Not a parameter's own name (see `ROUTE_PARAMETERS`): a DEPOSIT sent on to the tenant's destination wallet by the
  // sandbox on-ramp, so it has a crypto leg with Travel Rule data. The treasury is an address nothing signs for.
  travelRuleTransactionId: async ({ tenant, request, need }) => {
    const treasury = `0x${randomBytes(20).toString('hex')}`;
    await updateOrganization(
      integrationDeps().db,
      tenant.organizationId,
      { treasuries: { base: treasury } },
      new Date(),
    );
    const res = await request<{ id: string }>('POST', `/sandbox/customers/${await need('customerId')}/onramp`, {
      key: tenant.apiKey,
      body: { amount: '30', walletId: await need('walletId') },
    });
    return expectStatus(res, 201, 'sandbox on-ramp deposit').id;
  },
  // Sandbox organizations may send to loopback; nothing listens there, and no sender runs in this tier.
  endpointId: async ({ tenant, request }) => {
    const res = await request<{ id: string }>('POST', '/webhooks/endpoints', {
      key: tenant.apiKey,
      body: { url: 'http://127.0.0.1:9/hooks', description: 'route-table suites' },
    });
    return expectStatus(res, 201, 'create webhook endpoint').id;
  },
  // A delivery as the sender makes it when an event reaches the tenant's endpoint. The sender attempts it at once;
  // the receiver's 500 leaves it waiting for its retry, whose queued message names it.
  deliveryId: async ({ tenant, need }) => {
    await need('endpointId');
    const sender = senderTestDeps({ answer: () => 500 });
    await receive(sender.deps, busEventMessage(customerCreated(tenant.organizationId, new Date()).envelope));
    const deliveryId = JSON.parse(sender.queued[0]?.body ?? '{}').deliveryId as string | undefined;
    if (!deliveryId) throw new Error('the sender made no delivery');
    return deliveryId;
  },
};

export class MissingProviderError extends Error {
  constructor(param: string, route?: RouteDefinition) {
    super(
      `No resource provider for the path parameter "${param}"${route ? ` of ${route.method} ${route.path}` : ''}: ` +
        'add one to resourceProviders in test/support/http/route-requests.ts, so that the tenant ' +
        'isolation and fuzzing suites can call the route with a real id.',
    );
  }
}

/**
 * Routes whose parameter needs a resource of a kind other than its name's everywhere else, by operationId: the
 * Travel Rule read of a transaction needs one with a crypto leg.
 */
const ROUTE_PARAMETERS: Record<string, Record<string, string>> = {
  getTransactionTravelRule: { transactionId: 'travelRuleTransactionId' },
  consoleGetTransactionTravelRule: { transactionId: 'travelRuleTransactionId' },
};

/** The provider a route's path parameter is filled by. */
export const providerOf = (route: RouteDefinition, param: string): string =>
  ROUTE_PARAMETERS[route.operationId]?.[param] ?? param;

/** The resources of one tenant, made on first need and then reused. */
export class TenantResources {
  private readonly made = new Map<string, Promise<string>>();

  constructor(
    readonly tenant: Tenant,
    private readonly request: Request,
  ) {}

  need = (param: string): Promise<string> => {
    let id = this.made.get(param);
    if (!id) {
      const provider = resourceProviders[param];
      if (!provider) return Promise.reject(new MissingProviderError(param));
      id = provider({ tenant: this.tenant, request: this.request, need: this.need });
      this.made.set(param, id);
    }
    return id;
  };

  /** The ids made so far, by parameter name. */
  async ids(): Promise<Ids> {
    return Object.fromEntries(await Promise.all([...this.made].map(async ([param, id]) => [param, await id])));
  }
}

export const pathParamsOf = (route: RouteDefinition): string[] =>
  [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

/** The concrete URL path of a route (below `/api/v2` when the route is), each parameter URL-encoded. */
export const pathOf = (route: RouteDefinition, ids: Ids): string =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const id = ids[name];
    if (id === undefined) throw new MissingProviderError(name, route);
    return encodeURIComponent(id);
  });

export type RouteRequest = {
  body?: unknown;
  /** A route with a multipart form: its framed body (with its Content-Type in `headers`). */
  rawBody?: Buffer;
  query?: Record<string, string>;
  headers?: Record<string, string>;
};

/** The smallest JPEG the document rules recognize: its signature and a few bytes. */
const SAMPLE_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg body')]);

/**
 * Valid requests where neither the route's examples nor its body schema's examples fit (they need ids of the
 * tenant's resources, or unique values). Keyed by operationId.
 */
const validRequests: Record<string, (ids: Ids) => RouteRequest> = {
  createWithdrawalBank: () => ({ body: eurBank() }),
  getDepositDetails: () => ({ query: { currency: 'usd' } }),
  consoleClearScreeningHold: () => ({ body: { reason: 'A namesake: another date of birth' } }),
  consoleConfirmScreeningHold: () => ({ body: { reason: 'The listed person: same date of birth' } }),
  consoleAssignSuspenseCredit: (ids) => ({
    body: { customerId: ids.customerId ?? randomUUID(), reason: 'The payer confirmed the customer by phone' },
  }),
  consoleSendBackSuspenseCredit: () => ({ body: { reason: 'The payer is no customer of ours' } }),
  consoleProposeSettlement: () => ({ body: { outcome: 'COMPLETED', reason: 'The bank statement shows it booked' } }),
  consoleDecideSettlement: () => ({ body: { decision: 'approve' } }),
  getVirtualAccount: (ids) => ({ query: { virtualAccountId: ids.virtualAccountId ?? randomUUID() } }),
  getRate: () => ({ query: { source_currency: 'USDC', target_currency: 'EUR', source_amount: '100' } }),
  // Under 5 USDC: credited as a deposit rather than forwarded, so the suites do not start payouts.
  sandboxDeposit: (ids) => ({
    body: { chain: 'base', address: ids.walletAddress ?? `0x${'1'.repeat(40)}`, amount: '1.50' },
  }),
  createWithdrawal: (ids) => ({
    body: { withdrawalBankId: ids.bankId ?? randomUUID(), sourceAmount: '10.00', idempotencyKey: randomUUID() },
  }),
};

type Meta = { examples?: unknown[] } | undefined;

/**
 * A request to the route that its own schemas accept, so that the service gets past the shape checks. `ids` are the
 * path's ids and any other resource ids a body may name (a withdrawal's bank).
 */
export function validRequestFor(route: RouteDefinition, ids: Ids): RouteRequest {
  // The examples are the document's: its words are in the schemas' metadata once described.
  describeSchemas();
  const { body: bodySchema, query: querySchema, form } = route.request ?? {};
  if (form) {
    const fields = ((z.globalRegistry.get(form.fields) as Meta)?.examples?.[0] ?? {}) as Record<string, string>;
    assertParses(route, 'form', form.fields, fields);
    return { ...multipartBody(fields, { [form.file]: { bytes: SAMPLE_JPEG, type: 'image/jpeg' } }), query: {} };
  }
  const given = validRequests[route.operationId]?.(ids) ?? {};
  const body =
    given.body ??
    (bodySchema
      ? (operationProse(route).examples?.request ??
        (z.globalRegistry.get(bodySchema) as Meta)?.examples?.[0] ??
        ({} as unknown))
      : undefined);
  const query = given.query ?? {};
  assertParses(route, 'body', bodySchema, body);
  assertParses(route, 'query', querySchema, query);
  return { ...given, ...(body === undefined ? {} : { body }), query };
}

function assertParses(route: RouteDefinition, part: string, schema: z.ZodMiniType | undefined, value: unknown) {
  if (!schema) return;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `${route.operationId}: no valid request ${part} (${parsed.error.issues.map((i) => i.message).join('; ')}): ` +
        'add one to validRequests in test/support/http/route-requests.ts.',
    );
  }
}

/** A path for the route with fresh random ids: resources that exist nowhere. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id that exists nowhere, of the shape of `id` (a UUID, or the same characters with each hex digit drawn
 * again), so that a route checking its ids' form answers the two alike.
 */
export const nowhereLike = (id: string): string =>
  UUID.test(id) ? randomUUID() : id.replace(/[0-9a-f]/g, () => randomBytes(1).toString('hex').charAt(0));

export const missingIds = (route: RouteDefinition): Ids =>
  Object.fromEntries(pathParamsOf(route).map((param) => [param, randomUUID()]));

export const withQuery = (path: string, query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

/**
 * How the tenant proves who it is on this route: its API key, or on console routes its owner's session cookie
 * with the console's Origin and anti-CSRF header (the public console routes get the headers only).
 */
export function credentialsFor(
  route: RouteDefinition,
  tenant: Tenant,
  via: Via = 'key',
): { key?: string; headers?: Record<string, string> } {
  const bySession = route.console !== undefined || (via === 'session' && route.session !== undefined);
  if (!bySession) return { key: tenant.apiKey };
  const headers: Record<string, string> = { ...consoleHeaders() };
  if (route.console?.permission !== 'public' && tenant.consoleCookie) headers.cookie = tenant.consoleCookie;
  return { headers };
}

/**
 * How an API route is called: with the tenant's key, or (routes with `session`, which the console calls) with
 * its owner's console session instead. Console routes always take the session.
 */
export type Via = 'key' | 'session';

/** Every API route once with the key, and again with the session where the console may call it. */
export const credentialModes = (routes: readonly RouteDefinition[]) =>
  routes.flatMap((route) => [
    { route, via: 'key' as Via },
    ...(route.session ? [{ route, via: 'session' as Via }] : []),
  ]);
