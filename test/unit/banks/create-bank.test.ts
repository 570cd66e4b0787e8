import '#test/support/env.ts';
import { createHash } from 'node:crypto';
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as createBank } from '#functions/api/banks/create-bank.ts';
import { createBank as createBankUseCase, DepositKeyMissingError } from '#shared/banks/create-bank.ts';
import { CreateBankBody } from '#shared/banks/schemas.ts';
import { parseConfig } from '#shared/config/env.ts';
import { parseOrThrow } from '#shared/http/validation.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';
import {
  type Caller,
  givenCaller,
  mockDocumentClient,
  withoutRateLimits,
} from '#test/support/db/document-client-mock.ts';
import { TEST_TABLE } from '#test/support/env.ts';
import { apiEvent, bodyOf, invoke, jsonBody } from '#test/support/http/api-event.ts';
import { captureStderr } from '#test/support/output.ts';

const NOW = '2026-11-21T10:00:00.000Z';
const ADDRESS = { addressLine1: 'Hauptstraße 5', city: 'München', country: 'DE', postalCode: '80331' };
/** The first accounts of the test mnemonic whose xpub is the unit tier's DEPOSIT_XPUB (indexes 0, 1, 2). */
const FIRST_ADDRESSES = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
];

// Read at the first request: three chains keep the expected transaction short (the default four are checked in
// the integration tier).
process.env.SUPPORTED_CHAINS = 'base,ethereum,polygon';

const ddb = mockDocumentClient();
let caller: Caller;
let stderr: ReturnType<typeof captureStderr>;

function givenCustomer(overrides: Partial<ReturnType<typeof customerItem>> = {}) {
  const item = {
    ...customerItem(caller.organizationId, { kycStatus: 'APPROVED', name: 'Ada Lovelace' }),
    verifiedName: 'Ada Lovelace',
    address: ADDRESS,
    ...overrides,
  };
  ddb.on(GetCommand, { Key: { pk: item.pk, sk: 'CUSTOMER' } }).resolves({ Item: item });
  return item;
}

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  // The counter was at 0: this bank's three wallets get indexes 0, 1 and 2.
  ddb.on(UpdateCommand).resolves({ Attributes: { nextIndex: 3 } });
  caller = givenCaller(ddb);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  stderr = captureStderr();
});

afterEach(() => {
  vi.useRealTimers();
  stderr.restore();
});

const post = (customerId: string, body: unknown) =>
  invoke(
    createBank,
    apiEvent({
      method: 'POST',
      path: '/api/v2/customers/{customerId}/withdrawal/banks',
      rawPath: `/api/v2/customers/${customerId}/withdrawal/banks`,
      pathParameters: { customerId },
      headers: { authorization: caller.authorization },
      body: jsonBody(body),
    }),
  );

const eurBank = { beneficiaryName: 'Lovelace, Ada', iban: 'DE89 3704 0044 0532 0130 00', bic: 'DEUTDEFF' };

type Put = { TableName: string; Item: Record<string, unknown>; ConditionExpression?: string };
const transactItems = (call = 0) =>
  (ddb.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? []) as { Put?: Put }[];

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('create withdrawal bank (SDK mocked)', () => {
  it('reserves one index per chain with a single atomic ADD on the counter', async () => {
    const customer = givenCustomer();

    const result = await post(customer.customerId, eurBank);

    expect(result.statusCode).toBe(201);
    expect(withoutRateLimits(ddb.commandCalls(UpdateCommand))).toHaveLength(1);
    expect(ddb).toHaveReceivedCommandWith(UpdateCommand, {
      TableName: TEST_TABLE,
      Key: { pk: 'COUNTER#DEPOSIT_WALLET_INDEX', sk: 'COUNTER' },
      UpdateExpression: 'ADD nextIndex :count SET entity = :entity',
      ExpressionAttributeValues: { ':count': 3, ':entity': 'COUNTER' },
      ReturnValues: 'UPDATED_NEW',
    });
  });

  it('writes the bank, its uniqueness item, its id pointer, wallets, address lookups, platform-wide address owners and event in one guarded transaction', async () => {
    const customer = givenCustomer();
    const org = caller.organizationId;
    const partition = `ORG#${org}#CUSTOMER#${customer.customerId}`;

    const result = await post(customer.customerId, eurBank);
    const bank = bodyOf<{ id: string; wallets: { id: string; address: string; chain: string }[] }>(result);

    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 1);
    const items = transactItems().map((item) => item.Put);
    expect(items).toHaveLength(3 + 3 * 3 + 1);
    expect(
      items.every((put) => put?.TableName === TEST_TABLE && put.ConditionExpression === 'attribute_not_exists(pk)'),
    ).toBe(true);
    const [bankPut, detailsPut, pointerPut, ...rest] = items;
    expect(bankPut?.Item).toMatchObject({
      pk: partition,
      sk: `BANK#${bank.id}`,
      gsi1pk: `${partition}#BANKS`,
      gsi1sk: `${NOW}#${bank.id}`,
      entity: 'BANK',
      bankId: bank.id,
      iban: 'DE89370400440532013000',
      status: 'ACTIVE',
      addressLine1: ADDRESS.addressLine1,
      country: 'DE',
      version: 1,
    });
    const detailsHash = createHash('sha256').update('EUR|DE89370400440532013000').digest('hex');
    expect(detailsPut?.Item).toEqual({
      pk: partition,
      sk: `BANKDETAILS#${detailsHash}`,
      entity: 'BANKDETAILS',
      organizationId: org,
      customerId: customer.customerId,
      bankId: bank.id,
    });
    expect(pointerPut?.Item).toEqual({
      pk: `BANKID#${bank.id}`,
      sk: 'BANKID',
      entity: 'BANKID',
      organizationId: org,
      customerId: customer.customerId,
      bankId: bank.id,
    });
    const wallets = rest.slice(0, 3).map((put) => put?.Item);
    const lookups = rest.slice(3, 6).map((put) => put?.Item);
    const owners = rest.slice(6, 9).map((put) => put?.Item);
    expect(wallets).toEqual(
      ['base', 'ethereum', 'polygon'].map((chain, index) => ({
        pk: partition,
        sk: `WALLET#${bank.wallets[index]?.id}`,
        // Read newest first, a bank's wallets come in derivation order: the sort key counts down from 2^31.
        gsi1pk: `${partition}#WALLETS`,
        gsi1sk: `${NOW}#${2 ** 31 - index}#${bank.wallets[index]?.id}`,
        entity: 'WALLET',
        walletId: bank.wallets[index]?.id,
        organizationId: org,
        customerId: customer.customerId,
        kind: 'BANK_DEPOSIT',
        address: FIRST_ADDRESSES[index],
        currency: 'usdc',
        chain,
        enabled: true,
        withdrawalBankId: bank.id,
        derivationIndex: index,
        createdAt: NOW,
        updatedAt: NOW,
      })),
    );
    expect(lookups).toEqual(
      FIRST_ADDRESSES.map((address, index) => ({
        pk: `ORG#${org}#ADDRESS#${address.toLowerCase()}`,
        sk: 'ADDRESS',
        entity: 'ADDRESS',
        organizationId: org,
        customerId: customer.customerId,
        walletId: bank.wallets[index]?.id,
        kind: 'BANK_DEPOSIT',
        bankId: bank.id,
        address,
        chain: bank.wallets[index]?.chain,
      })),
    );
    // The same owner, platform-wide: a chain watcher knows only the address, and no organization may take it.
    expect(owners).toEqual(
      lookups.map((lookup) => ({
        ...lookup,
        pk: `DEPOSITADDRESS#${String(lookup?.address).toLowerCase()}`,
        sk: 'DEPOSITADDRESS',
        entity: 'DEPOSITADDRESS',
      })),
    );
    expect(rest[9]?.Item).toMatchObject({
      entity: 'EVENT',
      envelope: {
        event_type: 'withdrawal_bank.created',
        org_id: org,
        data: { customer_id: customer.customerId, withdrawal_bank_id: bank.id, status: 'ACTIVE' },
      },
    });
    expect(bank.wallets.map((wallet) => wallet.address)).toEqual(FIRST_ADDRESSES);
  });

  it("answers 409 with the existing bank's id when the uniqueness item already exists", async () => {
    const customer = givenCustomer();
    const detailsHash = createHash('sha256').update('EUR|DE89370400440532013000').digest('hex');
    ddb
      .on(GetCommand, { Key: { pk: customer.pk, sk: `BANKDETAILS#${detailsHash}` } })
      .resolves({ Item: { pk: customer.pk, sk: `BANKDETAILS#${detailsHash}`, bankId: 'bank-registered-first' } });
    ddb.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed'));

    const result = await post(customer.customerId, eurBank);

    expect(result.statusCode).toBe(409);
    expect(bodyOf(result)).toEqual({
      error:
        'A withdrawal bank with these account details already exists: bank-registered-first (use its id, or GET .../withdrawal/banks)',
    });
  });

  it('retries a transaction cancelled only by a concurrent one, and lets its guards decide', async () => {
    const customer = givenCustomer();
    ddb
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .rejectsOnce(cancelled('None', 'ConditionalCheckFailed'));

    const result = await post(customer.customerId, eurBank);

    expect(result.statusCode).toBe(409);
    expect(ddb).toHaveReceivedCommandTimes(TransactWriteCommand, 2);
    expect(transactItems(1)).toEqual(transactItems(0));
  });

  it.each([
    [
      'a malformed body, for a customer never read',
      { ...eurBank, iban: 'DE00' },
      400,
      'iban: A DE IBAN has 22 characters; this one has 4',
      undefined,
    ],
    ['an unknown customer', eurBank, 404, 'Customer not found', 'missing'],
    [
      'a customer without approved KYC',
      eurBank,
      403,
      'Customer KYC verification must be completed',
      { kycStatus: 'PENDING' },
    ],
    [
      'a name that is not the verified one',
      { ...eurBank, beneficiaryName: 'Ada Lovelock' },
      400,
      "beneficiaryName: Beneficiary name does not match the customer's verified name",
      {},
    ],
  ] as const)('refuses %s before reserving any index or writing', async (_case, body, status, error, customerState) => {
    const customer =
      customerState === undefined || customerState === 'missing'
        ? customerItem(caller.organizationId)
        : givenCustomer(customerState);

    const result = await post(customer.customerId, body);

    expect(result.statusCode).toBe(status);
    expect(bodyOf(result)).toEqual({ error });
    expect(withoutRateLimits(ddb.commandCalls(UpdateCommand))).toEqual([]);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
    // Authentication's two reads, plus the customer's unless the shape was refused first.
    expect(ddb).toHaveReceivedCommandTimes(GetCommand, customerState === undefined ? 2 : 3);
  });
});

describe('create withdrawal bank without a deposit key', () => {
  it('refuses with a 503 naming the setting, before reserving an index, so no half bank exists', async () => {
    const customer = givenCustomer();
    const db = {
      client: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-central-1' })),
      tableName: TEST_TABLE,
    };
    const deps = { db, clock: { now: () => new Date(NOW) }, config: parseConfig({ TABLE_NAME: TEST_TABLE }) };

    await expect(
      createBankUseCase(deps, {
        organizationId: caller.organizationId,
        environment: 'sandbox',
        customerId: customer.customerId,
        ...parseOrThrow(CreateBankBody, { ...eurBank, beneficiaryName: 'Ada Lovelace' }),
      }),
    ).rejects.toSatisfy(
      (error) =>
        error instanceof DepositKeyMissingError &&
        error.statusCode === 503 &&
        error.expose &&
        /DEPOSIT_XPUB.*depositXpub/.test(error.message),
    );
    expect(ddb).not.toHaveReceivedCommand(UpdateCommand);
    expect(ddb).not.toHaveReceivedCommand(TransactWriteCommand);
  });
});
