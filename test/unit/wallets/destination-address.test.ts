import '#test/support/env.ts';
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as createWallet } from '#functions/api/wallets/create-wallet.ts';
import { parseOrThrow } from '#shared/http/validation.ts';
import { CreateWalletBody, UNHOLDABLE_ADDRESS, UpdateWalletBody } from '#shared/wallets/schemas.ts';
import { givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, invoke, jsonBody } from '#test/support/http/api-event.ts';

/** Attack run finding 5: the zero address was accepted as a destination wallet; USDC sent there is gone. */
const UNHOLDABLE: [string, string][] = [
  ['the zero address', `0x${'0'.repeat(40)}`],
  ['the ecrecover precompile', `0x${'0'.repeat(39)}1`],
  ['the last reserved precompile address', `0x${'0'.repeat(36)}ffff`],
  ['the burn address', `0x${'0'.repeat(36)}dEaD`],
];

describe('a destination wallet address', () => {
  it.each(UNHOLDABLE)('refuses %s on creation and on update, naming the field', (_, address) => {
    expect(() => parseOrThrow(CreateWalletBody, { address, currency: 'usdc', chain: 'base' })).toThrow(
      `address: ${UNHOLDABLE_ADDRESS}`,
    );
    expect(() => parseOrThrow(UpdateWalletBody, { address })).toThrow(`address: ${UNHOLDABLE_ADDRESS}`);
  });

  it('accepts the first address past the reserved range', () => {
    const address = `0x${'0'.repeat(35)}10000`;
    expect(parseOrThrow(UpdateWalletBody, { address })).toEqual({ address });
  });
});

describe('POST /customers/{customerId}/deposit/wallets with the zero address', () => {
  const ddb = mockDocumentClient();

  beforeEach(() => {
    ddb.reset();
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
  });

  it('answers 400 and writes nothing', async () => {
    const caller = givenCaller(ddb);
    const customerId = randomUUID();

    const result = await invoke(
      createWallet,
      apiEvent({
        method: 'POST',
        path: '/api/v2/customers/{customerId}/deposit/wallets',
        rawPath: `/api/v2/customers/${customerId}/deposit/wallets`,
        pathParameters: { customerId },
        headers: { authorization: caller.authorization },
        body: jsonBody({ address: `0x${'0'.repeat(40)}`, currency: 'usdc', chain: 'base' }),
      }),
    );

    expect(result.statusCode, result.body).toBe(400);
    expect(bodyOf(result)).toEqual({ error: `address: ${UNHOLDABLE_ADDRESS}` });
    expect(ddb.commandCalls(TransactWriteCommand)).toEqual([]);
  });
});
