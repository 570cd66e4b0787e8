import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '#shared/openapi/document.ts';
import { routeList, routes } from '#shared/routes.ts';

// biome-ignore lint/suspicious/noExplicitAny: the test walks a JSON document whose shape it asserts
type Json = Record<string, any>;
const document = buildOpenApiDocument(routeList) as Json;

const resolve = (schema: Json | undefined): Json | undefined =>
  schema?.$ref ? document.components.schemas[String(schema.$ref).split('/').pop() ?? ''] : schema;

/** Every property of a request schema, nested objects and array items included, as `path: schema`. */
function propertiesOf(schema: Json | undefined, at: string): [string, Json][] {
  const resolved = resolve(schema);
  if (!resolved) return [];
  const parts = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])] as Json[];
  const own = Object.entries<Json>(resolved.properties ?? {}).flatMap(([name, property]): [string, Json][] => [
    [`${at}.${name}`, property],
    ...propertiesOf(property, `${at}.${name}`),
  ]);
  return [
    ...own,
    ...parts.flatMap((part) => propertiesOf(part, at)),
    ...(resolved.items ? propertiesOf(resolved.items, `${at}[]`) : []),
  ];
}

const operations = Object.entries<Json>(document.paths).flatMap(([path, item]) =>
  Object.entries<Json>(item).map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, operation })),
);

const requestExamples = (route: { method: string; path: string }): Json[] =>
  Object.values<Json>(
    document.paths[route.path][route.method.toLowerCase()].requestBody.content['application/json'].examples,
  ).map((example) => example.value);

const responseExamples = (route: { method: string; path: string }, status: number): Json[] =>
  Object.values<Json>(
    document.paths[route.path][route.method.toLowerCase()].responses[status].content['application/json'].examples,
  ).map((example) => example.value);

const parameterExamples = (name: string): unknown[] =>
  operations.flatMap(({ operation }) =>
    (operation.parameters ?? [])
      .filter((parameter: Json) => parameter.name === name)
      .flatMap((parameter: Json) => parameter.schema?.examples ?? []),
  );

describe('the OpenAPI document as the reference', () => {
  it('describes every path and query parameter', () => {
    const undescribed = operations.flatMap(({ where, operation }) =>
      (operation.parameters ?? [])
        .filter((parameter: Json) => !parameter.description?.trim())
        .map((parameter: Json) => `${where} ${parameter.in} ${parameter.name}`),
    );

    expect(operations).toHaveLength(routeList.filter((route) => !route.console).length);
    expect(undescribed).toEqual([]);
  });

  it('describes every property of every request body, nested ones included', () => {
    const checked: string[] = [];
    const undescribed = operations.flatMap(({ where, operation }) =>
      Object.values<Json>(operation.requestBody?.content ?? {}).flatMap((media) =>
        propertiesOf(media.schema, where).flatMap(([at, property]) => {
          checked.push(at);
          return (property.description ?? resolve(property)?.description)?.trim() ? [] : [at];
        }),
      ),
    );

    expect(checked).toContain('POST /api/v2/customers/{customerId}/withdrawal/banks.beneficiaryName');
    expect(checked).toContain('POST /api/v2/sandbox/customers/{customerId}/kyc/approve.address.postalCode');
    expect(undescribed).toEqual([]);
  });

  it('states the rules a client needs in the operations that enforce them', () => {
    const description = (route: { method: string; path: string }): string =>
      document.paths[route.path][route.method.toLowerCase()].description ?? '';

    expect(description(routes.createWithdrawalBank)).toMatch(/Name matching/);
    expect(description(routes.createWithdrawal)).toMatch(/decimal strings/);
    expect(description(routes.createWithdrawal)).toMatch(/Idempotency/);
    expect(description(routes.createWithdrawal)).toMatch(/settles by itself/);
    expect(description(routes.createWebhookEndpoint)).toMatch(/loopback/);
    expect(description(routes.createWebhookEndpoint)).toMatch(/Events only after the endpoint exists/);
    // The generator's own notes still follow the route's description.
    expect(description(routes.createWithdrawal)).toMatch(/Needs the `apiWithdrawals` feature/);
  });
});

describe('the examples, read as one flow', () => {
  const [customer] = responseExamples(routes.createCustomer, 201);
  const [approved] = responseExamples(routes.sandboxApproveKyc, 200);
  const [kyc] = requestExamples(routes.sandboxApproveKyc);
  const banksRequested = requestExamples(routes.createWithdrawalBank);
  const [bank] = responseExamples(routes.createWithdrawalBank, 201);
  const withdrawalsRequested = requestExamples(routes.createWithdrawal);
  const [withdrawal] = responseExamples(routes.createWithdrawal, 201);

  it("name the KYC's verified name as the beneficiary of every bank example", () => {
    const name = kyc?.verifiedName;

    expect(name).toBe(requestExamples(routes.createCustomer)[0]?.name);
    expect(approved).toMatchObject({ kycStatus: 'APPROVED', verifiedName: name, address: kyc?.address });
    expect(banksRequested.map((example) => example.beneficiaryName)).toEqual(banksRequested.map(() => name));
    expect(bank?.beneficiaryName).toBe(name);
    expect(withdrawal?.withdrawalBank?.beneficiaryName).toBe(name);
  });

  it("give the bank the KYC's address, as a CUSTOMER bank gets it", () => {
    expect(bank).toMatchObject({
      recipientType: 'CUSTOMER',
      addressLine1: kyc?.address?.addressLine1,
      city: kyc?.address?.city,
      country: kyc?.address?.country,
    });
  });

  it('use the ids the earlier operations returned', () => {
    const customerId = customer?.customerId;

    expect(approved?.customerId).toBe(customerId);
    expect(bank?.customerId).toBe(customerId);
    expect(withdrawal?.customerId).toBe(customerId);
    expect(responseExamples(routes.getCustomerBalance, 200)[0]?.customerId).toBe(customerId);
    expect(new Set(parameterExamples('customerId'))).toEqual(new Set([customerId]));
    expect(withdrawalsRequested.map((example) => example.withdrawalBankId)).toEqual(
      withdrawalsRequested.map(() => bank?.id),
    );
    expect(withdrawal?.withdrawalBank?.id).toBe(bank?.id);
    expect(new Set(parameterExamples('bankId'))).toEqual(new Set([bank?.id]));
    expect(new Set(parameterExamples('transactionId'))).toEqual(new Set([withdrawal?.id]));
  });

  it('quote the withdrawal example as the fee schedule and rate do', () => {
    const [byAmount] = withdrawalsRequested;

    expect(withdrawal).toMatchObject({ sourceAmount: byAmount?.sourceAmount, fee: '1.00', exchangeRate: '0.92' });
    expect(withdrawal?.targetAmount).toBe('91.08'); // (100.00 - 1.00) x 0.92
  });
});
