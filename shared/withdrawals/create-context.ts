import type { BankRecord } from '#shared/banks/records.ts';
import { bankRead } from '#shared/banks/repository.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import { customerRead } from '#shared/customers/repository.ts';
import type { Db } from '#shared/db/client.ts';
import { readItem, readItems, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { type AllowanceUsage, type BalanceState, EMPTY_BALANCE } from '#shared/ledger/allowance.ts';
import { allowanceRead } from '#shared/ledger/allowance-repository.ts';
import { balanceRead } from '#shared/ledger/balance-repository.ts';
import {
  DEFAULT_SANDBOX_SETTINGS,
  type SandboxSettings,
  sandboxSettingsRead,
} from '#shared/organizations/sandbox-settings.ts';
import type { ReferenceRatesRecord } from '#shared/quotes/records.ts';
import { referenceRatesRead } from '#shared/quotes/reference-rate-repository.ts';
import { type IdempotencyRecord, IdempotencyRecordSchema } from '#shared/transactions/records.ts';

/** The idempotency records of creates, and the one read a create decides on. */

const parseIdempotency = (item: StoredItem): IdempotencyRecord => IdempotencyRecordSchema.parse(item);

export const getIdempotencyRecord = (db: Db, organizationId: string, idempotencyKey: string) =>
  readItem(db, keys.idempotencyRecord(organizationId, idempotencyKey), parseIdempotency);

/** Everything a create decides on besides the customer and the bank. */
export type CreateContext = {
  balance: BalanceState;
  allowance: AllowanceUsage | undefined;
  idempotency: IdempotencyRecord | undefined;
  sandbox: SandboxSettings | undefined;
  /** The latest ECB rates, for a live organization on reference rates (else undefined, not read). */
  reference: ReferenceRatesRecord | undefined;
};

type ContextInput = {
  organizationId: string;
  customerId: string;
  idempotencyKey: string;
  sandbox: boolean;
  reference: boolean;
};

/** The items of the context, by name, for one batch read. */
const contextReads = (input: ContextInput) => ({
  balance: balanceRead(input.organizationId, input.customerId),
  allowance: allowanceRead(input.organizationId),
  idempotency: { key: keys.idempotencyRecord(input.organizationId, input.idempotencyKey), parse: parseIdempotency },
  ...(input.sandbox ? { sandbox: sandboxSettingsRead(input.organizationId) } : {}),
  ...(input.reference ? { reference: referenceRatesRead } : {}),
});

const toContext = (
  input: ContextInput,
  read: { balance?: BalanceState; allowance?: AllowanceUsage; idempotency?: IdempotencyRecord } & {
    sandbox?: SandboxSettings | undefined;
    reference?: ReferenceRatesRecord | undefined;
  },
): CreateContext => ({
  balance: read.balance ?? EMPTY_BALANCE,
  allowance: read.allowance,
  idempotency: read.idempotency,
  sandbox: input.sandbox ? (read.sandbox ?? DEFAULT_SANDBOX_SETTINGS) : undefined,
  reference: read.reference,
});

/**
 * One strongly consistent BatchGetItem for the balance, the allowance usage, the idempotency record and (for
 * sandbox organizations) the sandbox settings or (for live ones on reference rates) the latest ECB rates: the
 * read a create decides again on after a lost conflict.
 */
export async function readCreateContext(db: Db, input: ContextInput): Promise<CreateContext> {
  return toContext(input, await readItems(db, contextReads(input)));
}

/**
 * A create's first read: the customer and the bank beside the context, in the same one BatchGetItem. One call
 * instead of three: DynamoDB Local serves the calls of a storm of creates one after another, so every call a
 * create saves shortens the queue every other create of the storm waits in (shared/ledger/README.md).
 */
export async function readCreateInputs(
  db: Db,
  input: ContextInput & { withdrawalBankId: string },
): Promise<{ customer: CustomerRecord | undefined; bank: BankRecord | undefined; context: CreateContext }> {
  const { customer, bank, ...read } = await readItems(db, {
    customer: customerRead(input.organizationId, input.customerId),
    bank: bankRead(input.organizationId, input.customerId, input.withdrawalBankId),
    ...contextReads(input),
  });
  return { customer, bank, context: toContext(input, read) };
}
