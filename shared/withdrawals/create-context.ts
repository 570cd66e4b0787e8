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

/**
 * One strongly consistent BatchGetItem for the balance, the allowance usage, the idempotency record and (for
 * sandbox organizations) the sandbox settings or (for live ones on reference rates) the latest ECB rates.
 */
export async function readCreateContext(
  db: Db,
  input: { organizationId: string; customerId: string; idempotencyKey: string; sandbox: boolean; reference: boolean },
): Promise<CreateContext> {
  const read = await readItems(db, {
    balance: balanceRead(input.organizationId, input.customerId),
    allowance: allowanceRead(input.organizationId),
    idempotency: { key: keys.idempotencyRecord(input.organizationId, input.idempotencyKey), parse: parseIdempotency },
    ...(input.sandbox ? { sandbox: sandboxSettingsRead(input.organizationId) } : {}),
    ...(input.reference ? { reference: referenceRatesRead } : {}),
  });
  return {
    balance: read.balance ?? EMPTY_BALANCE,
    allowance: read.allowance,
    idempotency: read.idempotency,
    sandbox: input.sandbox ? (read.sandbox ?? DEFAULT_SANDBOX_SETTINGS) : undefined,
    reference: read.reference,
  };
}
