import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach } from 'vitest';
import { mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent } from '#test/support/http/api-event.ts';
import { captureStderr } from '#test/support/output.ts';

/**
 * The middleware stack's unit tests (test/unit/http/middleware-stack-*.test.ts): a mocked document client where
 * anything not set up otherwise is missing from the table, stderr captured per test, and the customer requests
 * they send.
 */
export function mockedStack() {
  const ddb = mockDocumentClient();
  const output: { stderr: ReturnType<typeof captureStderr> | undefined } = { stderr: undefined };
  beforeEach(() => {
    ddb.reset();
    ddb.on(GetCommand).resolves({});
    ddb.on(QueryCommand).resolves({ Items: [] });
    ddb.on(TransactWriteCommand).resolves({});
    output.stderr = captureStderr();
  });
  afterEach(() => {
    output.stderr?.restore();
  });
  return {
    ddb,
    /** What the current test wrote to stderr. */
    stderr: () => {
      if (!output.stderr) throw new Error('stderr is captured only while a test runs');
      return output.stderr;
    },
  };
}

export const validCustomer = { name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com' };

export const createCustomerEvent = (headers: Record<string, string>, body: string) =>
  apiEvent({ method: 'POST', path: '/api/v2/customers', headers, body });

export const getCustomerEvent = (headers: Record<string, string>, customerId: string) =>
  apiEvent({
    method: 'GET',
    path: '/api/v2/customers/{customerId}',
    rawPath: `/api/v2/customers/${customerId}`,
    pathParameters: { customerId },
    headers,
  });
