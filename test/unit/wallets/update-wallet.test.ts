import '#test/support/env.ts';
import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as updateWallet } from '#functions/api/wallets/update-wallet.ts';
import { parseOrThrow } from '#shared/http/validation.ts';
import { UpdateWalletBody } from '#shared/wallets/schemas.ts';
import { type Caller, givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { TEST_TABLE } from '#test/support/env.ts';
import { apiEvent, bodyOf, invoke, jsonBody } from '#test/support/http/api-event.ts';

/** Published EIP-55 test vectors. */
const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const CHECKSUMMED_2 = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const INVALID = 'address: Invalid Ethereum address';

const validate = (address: unknown) => parseOrThrow(UpdateWalletBody, { address });

describe('the Ethereum address of a wallet update', () => {
  it('accepts a valid lower-case address and returns it checksummed', () => {
    expect(validate(CHECKSUMMED.toLowerCase())).toEqual({ address: CHECKSUMMED });
  });

  it('accepts a valid checksummed address as it is', () => {
    expect(validate(CHECKSUMMED_2)).toEqual({ address: CHECKSUMMED_2 });
  });

  it('accepts an all-upper-case address (it carries no checksum) and returns it checksummed', () => {
    expect(validate(`0x${CHECKSUMMED.slice(2).toUpperCase()}`)).toEqual({ address: CHECKSUMMED });
  });

  it.each([
    ['one letter of a checksummed address in the other case', `0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD`],
    ['another single flipped letter', `0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed`],
    ['39 hex digits', `0x${'ab'.repeat(19)}c`],
    ['41 hex digits', `0x${'ab'.repeat(20)}c`],
    ['a non-hex character', `0x${'a'.repeat(39)}g`],
    ['a missing 0x', CHECKSUMMED.slice(2).toLowerCase()],
    ['an upper-case 0X', `0X${CHECKSUMMED.slice(2).toLowerCase()}`],
    ['an empty string', ''],
    ['a number', 1234],
  ])('refuses %s', (_case, address) => {
    expect(() => validate(address)).toThrow(INVALID);
  });

  it('names a missing address and an unknown field', () => {
    expect(() => parseOrThrow(UpdateWalletBody, {})).toThrow('address: Required');
    expect(() => parseOrThrow(UpdateWalletBody, { address: CHECKSUMMED, chain: 'base' })).toThrow(
      'chain: Unrecognized field',
    );
  });
});

describe('PATCH /customers/{customerId}/deposit/wallets/{walletId}', () => {
  const ddb = mockDocumentClient();
  let caller: Caller;
  const customerId = randomUUID();
  const walletId = randomUUID();
  const oldAddress = CHECKSUMMED;

  beforeEach(() => {
    ddb.reset();
    ddb.on(GetCommand).resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    caller = givenCaller(ddb);
  });

  const patch = (body: unknown) =>
    invoke(
      updateWallet,
      apiEvent({
        method: 'PATCH',
        path: '/api/v2/customers/{customerId}/deposit/wallets/{walletId}',
        rawPath: `/api/v2/customers/${customerId}/deposit/wallets/${walletId}`,
        pathParameters: { customerId, walletId },
        headers: { authorization: caller.authorization },
        body: jsonBody(body),
      }),
    );

  function givenWallet(kind: 'DESTINATION' | 'BANK_DEPOSIT') {
    const pk = `ORG#${caller.organizationId}#CUSTOMER#${customerId}`;
    ddb.on(GetCommand, { Key: { pk, sk: `WALLET#${walletId}` } }).resolves({
      Item: {
        pk,
        sk: `WALLET#${walletId}`,
        walletId,
        organizationId: caller.organizationId,
        customerId,
        kind,
        address: oldAddress,
        currency: 'usdc',
        chain: 'base',
        enabled: true,
        withdrawalBankId: kind === 'BANK_DEPOSIT' ? randomUUID() : null,
        derivationIndex: kind === 'BANK_DEPOSIT' ? 7 : null,
        createdAt: '2026-11-21T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
      },
    });
  }

  it('refuses a malformed address with 400 and reads nothing beyond the caller', async () => {
    const result = await patch({ address: `0x${'a'.repeat(41)}` });

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: INVALID });
    // Only the API key and the organization were read.
    expect(ddb.commandCalls(GetCommand)).toHaveLength(2);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });

  it('moves the wallet, releases the old address and claims the new one only if nobody has it, in one transaction', async () => {
    givenWallet('DESTINATION');

    const result = await patch({ address: CHECKSUMMED_2.toLowerCase() });

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ id: walletId, customerId, address: CHECKSUMMED_2 });
    const [call] = ddb.commandCalls(TransactWriteCommand);
    const [update, release, claim] = call?.args[0].input.TransactItems ?? [];
    expect(update?.Update).toMatchObject({
      TableName: TEST_TABLE,
      Key: { pk: `ORG#${caller.organizationId}#CUSTOMER#${customerId}`, sk: `WALLET#${walletId}` },
      ConditionExpression: '#address = :seenAddress AND #kind = :destination',
      ExpressionAttributeValues: {
        ':seenAddress': oldAddress,
        ':destination': 'DESTINATION',
        ':address': CHECKSUMMED_2,
      },
    });
    expect(release?.Delete).toMatchObject({
      Key: { pk: `ORG#${caller.organizationId}#ADDRESS#${oldAddress.toLowerCase()}`, sk: 'ADDRESS' },
      ConditionExpression: 'walletId = :walletId',
      ExpressionAttributeValues: { ':walletId': walletId },
    });
    expect(claim?.Put).toMatchObject({
      Item: {
        pk: `ORG#${caller.organizationId}#ADDRESS#${CHECKSUMMED_2.toLowerCase()}`,
        sk: 'ADDRESS',
        walletId,
        address: CHECKSUMMED_2,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('refuses a bank deposit wallet with 409 and writes nothing', async () => {
    givenWallet('BANK_DEPOSIT');

    const result = await patch({ address: CHECKSUMMED_2 });

    expect(result.statusCode).toBe(409);
    expect(bodyOf(result)).toEqual({ error: 'Bank deposit wallets cannot be modified' });
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });
});
