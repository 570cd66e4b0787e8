import { describe, expect, it } from 'vitest';
import { CustomerRecordSchema } from '#shared/customers/records.ts';
import { CustomerSchema, toCustomer } from '#shared/customers/schemas.ts';
import { buildOpenApiDocument } from '#shared/openapi/document.ts';
import { routeList, routes } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import { ContractViolation, contractOf, type ObservedResponse } from '#test/support/openapi-contract.ts';

/**
 * Deliberately drifting fixtures: each response below differs from the document in one way, and the contract
 * check that wraps every integration and e2e request must reject it.
 */
const contract = contractOf(buildOpenApiDocument(routeList));
// What the service sends for a stored customer, built by its own mapping.
const customer = toCustomer(
  CustomerRecordSchema.parse(customerItem('org-1', { customerId: '3b241101-e2bb-4255-8caf-4136c566a962' })),
);

const getCustomer = (overrides: Partial<ObservedResponse> = {}): ObservedResponse => ({
  method: 'GET',
  url: `http://localhost:3000/api/v2/customers/${customer.customerId}`,
  status: 200,
  contentType: 'application/json',
  body: customer,
  ...overrides,
});

describe('the contract check', () => {
  it('accepts a response as documented', () => {
    expect(() => contract.check(getCustomer())).not.toThrow();
    expect(() => contract.check(getCustomer({ status: 404, body: { error: 'Customer not found' } }))).not.toThrow();
  });

  it('rejects a response missing a documented field', () => {
    const { kycStatus: _dropped, ...withoutStatus } = customer;

    expect(() => contract.check(getCustomer({ body: withoutStatus }))).toThrow(
      /GET \/api\/v2\/customers\/\{customerId\} -> 200: .*must have required property 'kycStatus'/,
    );
  });

  it('rejects a response with a field the document does not have', () => {
    expect(() => contract.check(getCustomer({ body: { ...customer, internalNote: 'x' } }))).toThrow(
      /must NOT have additional properties.*internalNote/,
    );
  });

  it('rejects a field of the wrong type or format', () => {
    expect(() => contract.check(getCustomer({ body: { ...customer, kycVerified: 'yes' } }))).toThrow(/must be boolean/);
    expect(() => contract.check(getCustomer({ body: { ...customer, createdAt: 'yesterday' } }))).toThrow(/date-time/);
  });

  it('rejects an undocumented status', () => {
    expect(() => contract.check(getCustomer({ status: 418, body: { error: 'teapot' } }))).toThrow(
      /-> 418: undocumented status/,
    );
  });

  it('rejects an error body that is not the error object', () => {
    expect(() => contract.check(getCustomer({ status: 404, body: { message: 'Not Found' } }))).toThrow(
      ContractViolation,
    );
  });

  it('rejects an undocumented content type', () => {
    expect(() => contract.check(getCustomer({ contentType: 'text/plain', body: 'hello' }))).toThrow(
      /undocumented content type text\/plain/,
    );
  });

  it('accepts only the error object with 404 for a path the document does not have', () => {
    expect(() =>
      contract.check(getCustomer({ url: '/api/v2/nowhere', status: 404, body: { error: 'Not found' } })),
    ).not.toThrow();
    expect(() => contract.check(getCustomer({ url: '/api/v2/nowhere', status: 200, body: {} }))).toThrow(
      /no documented operation/,
    );
  });

  it("fails the service's real response once a field is removed from the response schema", () => {
    // z.omit refuses an object carrying checks, and metadata is a check in zod/mini: rebuild without the field.
    const { email: _email, ...shapeWithoutEmail } = CustomerSchema.shape;
    const withoutEmail = z.object(shapeWithoutEmail);
    const drifted = {
      ...routes.getCustomer,
      responses: { ...routes.getCustomer.responses, 200: withoutEmail },
    } satisfies RouteDefinition;
    const driftedContract = contractOf(
      buildOpenApiDocument(routeList.map((route) => (route === routes.getCustomer ? drifted : route))),
    );

    expect(() => driftedContract.check(getCustomer())).toThrow(/must NOT have additional properties.*email/);
  });
});
