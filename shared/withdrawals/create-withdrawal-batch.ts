import { getBankOfCustomer } from '#shared/banks/repository.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import type { Db } from '#shared/db/client.ts';
import { isRefusedByDatabase, WriteConflictError } from '#shared/db/errors.ts';
import {
  type GuardedItem,
  pauseAfterConflict,
  WriteConditionFailedError,
  writeGuarded,
} from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import type { Deps } from '#shared/deps.ts';
import { HttpError } from '#shared/errors.ts';
import { eventPut, eventRecord } from '#shared/events/outbox.ts';
import { sha256Hex } from '#shared/ids.ts';
import { type AllowanceUsage, allowanceWindow } from '#shared/ledger/allowance.ts';
import { allowanceWrites, parseAllowance } from '#shared/ledger/allowance-repository.ts';
import { parseBalance } from '#shared/ledger/balance-repository.ts';
import { toMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { startPayout } from '#shared/payouts/payout-start.ts';
import { requestHash, toTransaction } from '#shared/transactions/new-transaction.ts';
import type { CreatedBy, IdempotencyRecord, TransactionRecord } from '#shared/transactions/records.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import type { CreateContext } from '#shared/withdrawals/create-context.ts';
import { readContext, replay, resolveIdempotencyKey } from '#shared/withdrawals/create-withdrawal.ts';
import { type WithdrawalBatchRecord, WithdrawalBatchRecordSchema } from '#shared/withdrawals/records.ts';
import type { BatchItemResult, BatchWithdrawalInput, WithdrawalBatchResponse } from '#shared/withdrawals/schemas.ts';
import { amountOf, checkPayee, type Payee, plan, type Role } from '#shared/withdrawals/withdrawal-plan.ts';
import {
  BATCH_KEY_REUSED,
  FAILED_TO_EXECUTE,
  OUTCOME_UNKNOWN,
  REPEATED_CUSTOMER,
  REPEATED_KEY,
} from '#shared/withdrawals/withdrawal-rules.ts';

export type CreateWithdrawalBatchRequest = {
  organization: Organization;
  idempotencyKey?: string | undefined;
  idempotencyKeyHeader?: string | undefined;
  withdrawals: BatchWithdrawalInput[];
  /** The key that authenticated the request, stored on each withdrawal. */
  createdBy?: CreatedBy | undefined;
};

/** Payouts per TransactWriteItems: six items each (5 of the payout, its balance) and the chunk's two allowance items. */
export const PAYOUTS_PER_WRITE = 16;
/** Reads and executions in flight at once for one batch. */
const PARALLEL = 16;
/** Writes of one chunk at most (each lost guard re-decides one payout; a conflict pauses). */
export const MAX_CHUNK_ATTEMPTS = PAYOUTS_PER_WRITE + 8;

/** The allowance usage the batch's chunks reserve against, as last learnt (read, or returned by a lost guard). */
type BatchUsage = { allowance: AllowanceUsage | undefined };

/** One item on its way: decided (`record` and `items`) or answered (`result`). */
type Pending = {
  index: number;
  input: BatchWithdrawalInput;
  hash: string;
  createdBy?: CreatedBy | undefined;
  payee?: Payee;
  context?: CreateContext;
  record?: TransactionRecord;
  items?: GuardedItem<Role>[];
  /** Its balance covers it at a usable rate: it is PROCESSING if the batch fits the allowance. */
  funded?: boolean;
  result?: BatchItemResult;
  /** The batch's id, once the item is planned: its payout carries it. */
  batchId?: string;
};

/**
 * Creates up to `MAX_BATCH_WITHDRAWALS` withdrawals in one request (shared/withdrawals/README.md, "Batches").
 * Each item is checked and planned exactly as a single create (`plan`), with its own idempotency key; the batch
 * decides once against the allowance: all that fit go PROCESSING, or, when their sum exceeds it, every payout is
 * PROPOSED. Payouts are written `PAYOUTS_PER_WRITE` to a transaction with one allowance reservation for the chunk.
 * The batch's record (its key, the answer per item) and its `withdrawal_batch.created` event are written last,
 * so a batch cut short is finished by the same request again: its written items replay by their own keys.
 */
export async function createWithdrawalBatch(
  deps: Deps,
  request: CreateWithdrawalBatchRequest,
): Promise<{ response: WithdrawalBatchResponse; replayed: boolean }> {
  const { organization } = request;
  const batchKey = resolveIdempotencyKey(request.idempotencyKey, request.idempotencyKeyHeader);
  const pending: Pending[] = request.withdrawals.map((input, index) => ({
    index,
    input,
    hash: requestHash(input),
    createdBy: request.createdBy,
  }));
  const batchHash = sha256Hex(pending.map((item) => `${item.input.idempotencyKey}=${item.hash}`).join('\n'));
  const stored = await getBatch(deps.db, organization.organizationId, batchKey);
  if (stored) return { response: await replayBatch(deps, stored, batchHash), replayed: true };
  const batchId = batchIdOf(organization.organizationId, batchKey);

  refuseRepeats(pending);
  await inParallel(
    pending.filter((item) => !item.result),
    (item) => prepare(deps, organization, item),
  );
  const proposed = decide(deps, organization, pending, batchId);
  const toWrite = pending.filter((item) => !item.result);
  const usage: BatchUsage = { allowance: toWrite[0]?.context?.allowance };
  for (let start = 0; start < toWrite.length; start += PAYOUTS_PER_WRITE) {
    await writeChunk(deps, organization, toWrite.slice(start, start + PAYOUTS_PER_WRITE), usage);
  }
  await inParallel(toWrite, async (item) => {
    if (!item.record || item.result) return;
    const record =
      item.record.status === 'PROCESSING'
        ? await startPayout(deps, organization, item.record, item.context?.sandbox?.failNextExecutions)
        : item.record;
    item.result = answer(item, 201, { transaction: toTransaction(record) });
  });
  const results = pending.map((item) => item.result ?? answer(item, 503, { error: OUTCOME_UNKNOWN }));
  const record: WithdrawalBatchRecord = {
    ...keys.withdrawalBatch(organization.organizationId, batchKey),
    entity: 'WITHDRAWAL_BATCH',
    batchId,
    organizationId: organization.organizationId,
    idempotencyKey: batchKey,
    requestHash: batchHash,
    proposed,
    createdAt: deps.clock.now().toISOString(),
    items: results.map(({ transaction, ...rest }) => ({
      ...rest,
      ...(transaction ? { transactionId: transaction.id, customerId: transaction.customerId } : {}),
    })),
  };
  const response = { batchId: record.batchId, idempotencyKey: batchKey, proposed, results };
  // A batch whose items could not all be answered is not recorded: the same key finishes it.
  if (results.some((result) => result.status >= 500)) return { response, replayed: false };
  try {
    await writeGuarded(deps.db, [
      {
        role: 'batch',
        item: { Put: { TableName: deps.db.tableName, Item: record, ConditionExpression: 'attribute_not_exists(pk)' } },
      },
      { role: 'event', item: eventPut(deps.db, batchEvent(record, results, deps.clock.now())) },
    ]);
  } catch (error) {
    if (!(error instanceof WriteConditionFailedError)) throw error;
    const concurrent = await getBatch(deps.db, organization.organizationId, batchKey);
    if (concurrent) return { response: await replayBatch(deps, concurrent, batchHash), replayed: true };
    throw error;
  }
  return { response, replayed: false };
}

/** A used item key answers as a single create would: the withdrawal it names, or 422 for other parameters. */
async function replayItem(deps: Deps, item: Pending, record: IdempotencyRecord): Promise<BatchItemResult> {
  try {
    const { transaction } = await replay(deps, record, item.hash);
    return answer(item, 201, { transaction });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return answer(item, error.statusCode, { error: error.message });
  }
}

const getBatch = (db: Db, organizationId: string, batchKey: string) =>
  readItem(db, keys.withdrawalBatch(organizationId, batchKey), (item) => WithdrawalBatchRecordSchema.parse(item));

function answer(item: Pending, status: number, body: { transaction?: BatchItemResult['transaction']; error?: string }) {
  return { index: item.index, idempotencyKey: item.input.idempotencyKey, status, ...body };
}

/** Two items of one customer would reserve one balance twice in one transaction; two of one key are one payout. */
function refuseRepeats(pending: Pending[]) {
  const customers = new Set<string>();
  const keysSeen = new Set<string>();
  for (const item of pending) {
    if (keysSeen.has(item.input.idempotencyKey)) item.result = answer(item, 400, { error: REPEATED_KEY });
    else if (customers.has(item.input.customerId)) item.result = answer(item, 400, { error: REPEATED_CUSTOMER });
    keysSeen.add(item.input.idempotencyKey);
    customers.add(item.input.customerId);
  }
}

/** A single create's reads and checks, in its order; a refusal is the item's answer. */
async function prepare(deps: Deps, organization: Organization, item: Pending) {
  const { organizationId } = organization;
  const { customerId, withdrawalBankId, idempotencyKey } = item.input;
  try {
    const [customer, bank, context] = await Promise.all([
      getCustomer(deps.db, organizationId, customerId),
      getBankOfCustomer(deps.db, organizationId, customerId, withdrawalBankId),
      readContext(deps, organization, customerId, idempotencyKey),
    ]);
    if (context.idempotency) {
      item.result = await replayItem(deps, item, context.idempotency);
      return;
    }
    item.payee = checkPayee(customer, bank);
    item.context = context;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    item.result = answer(item, error.statusCode, { error: error.message });
  }
}

/**
 * Plans every item; returns whether the batch as a whole is PROPOSED because it exceeds the allowance: the payouts
 * their balances cover, summed, against the allowance available (a limit of 0 fits none of them). A payout that is
 * PROPOSED for its own balance or rate counts for nothing.
 */
function decide(deps: Deps, organization: Organization, pending: Pending[], batchId: string): boolean {
  const now = deps.clock.now();
  const open = pending.filter((item) => !item.result);
  for (const item of open) item.batchId = batchId;
  for (const item of open) planItem(deps, organization, item, true);
  const funded = open.reduce(
    (sum, item) => sum + (item.funded && item.record ? toMicro(item.record.sourceAmount) : 0n),
    0n,
  );
  const allowance = open[0]?.context?.allowance;
  const fits = funded <= allowanceWindow(organization.allowance, allowance, now).available;
  if (!fits) for (const item of open) planItem(deps, organization, item, false);
  return !fits;
}

function planItem(deps: Deps, organization: Organization, item: Pending, reserve: boolean) {
  if (!item.payee || !item.context) return;
  try {
    const { record, items, funded } = plan(deps, {
      organization,
      payee: item.payee,
      amount: amountOf(item.input),
      context: item.context,
      idempotencyKey: item.input.idempotencyKey,
      hash: item.hash,
      now: deps.clock.now(),
      reserve,
      instant: item.input.instant === true,
      ...(item.batchId ? { batchId: item.batchId } : {}),
      createdBy: item.createdBy,
    });
    // The chunk reserves the allowance once for its payouts.
    item.record = record;
    item.funded = funded;
    item.items = items.filter(({ role }) => role !== 'allowance' && role !== 'allowanceConfig');
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    item.result = answer(item, error.statusCode, { error: error.message });
  }
}

const reservedBy = (item: Pending) =>
  item.record?.status === 'PROCESSING' && !item.result ? toMicro(item.record.sourceAmount) : 0n;

/**
 * Writes one chunk in one transaction. A lost guard is answered for its payout alone, as a single create would:
 * a used key replays, a balance that no longer covers it re-decides on the balance the guard returned, a lost
 * allowance makes the chunk's payouts PROPOSED; then the chunk is written again. A transient failure leaves its
 * payouts unanswered (503 with the truth: each item's key answers whether it was made). A chunk that keeps losing
 * to concurrent transactions tries again after a pause until the pause would pass the request's deadline, or
 * `MAX_CHUNK_ATTEMPTS` have gone: then none of its attempts wrote anything, and its payouts failed (503).
 */
async function writeChunk(deps: Deps, organization: Organization, chunk: Pending[], usage: BatchUsage) {
  for (let attempt = 1; attempt <= MAX_CHUNK_ATTEMPTS; attempt++) {
    const open = chunk.filter((item) => !item.result && item.items);
    if (open.length === 0) return;
    const items: GuardedItem<string>[] = open.flatMap((item, at) =>
      (item.items ?? []).map(({ role, item: write }) => ({ role: `${at}:${role}`, item: write })),
    );
    const amount = open.reduce((sum, item) => sum + reservedBy(item), 0n);
    if (amount > 0n) {
      const window = allowanceWindow(organization.allowance, usage.allowance, deps.clock.now());
      const { organizationId } = organization;
      const at = deps.clock.now().toISOString();
      items.push(
        { role: 'chunk:allowance', item: allowanceWrites.reserve(deps.db, organizationId, window, amount, at) },
        {
          role: 'chunk:allowanceConfig',
          item: allowanceWrites.configUnchanged(deps.db, organizationId, organization.allowance),
        },
      );
    }
    try {
      await writeGuarded(deps.db, items);
      return;
    } catch (error) {
      if (error instanceof WriteConflictError) {
        if (await pauseAfterConflict(attempt)) continue;
        break;
      }
      if (!(error instanceof WriteConditionFailedError)) {
        // Refused (throttled): nothing of the chunk was written. Else the outcome is unknown: unanswered, 503.
        const refused = isRefusedByDatabase(error);
        for (const item of open) {
          item.record = undefined;
          if (refused) item.result = answer(item, 503, { error: FAILED_TO_EXECUTE });
        }
        return;
      }
      const [where, role] = String(error.role).split(':');
      if (where === 'chunk') {
        // The usage the guard returned (a period another chunk or create opened, their reservations): the chunk
        // goes again on it if it still fits, else its payouts are PROPOSED. A changed allowance setting, PROPOSED.
        const fresh = role === 'allowance' && error.item ? parseAllowance(error.item) : undefined;
        const window = allowanceWindow(organization.allowance, fresh, deps.clock.now());
        const fits = fresh !== undefined && amount <= window.available;
        usage.allowance = fresh;
        if (!fits) for (const item of open) planItem(deps, organization, item, false);
        continue;
      }
      const item = open[Number(where)];
      if (!item?.context) throw error;
      if (role === 'idempotency') {
        const existing = await readContext(deps, organization, item.input.customerId, item.input.idempotencyKey);
        if (existing.idempotency) {
          item.result = await replayItem(deps, item, existing.idempotency);
          continue;
        }
      }
      if (role === 'balance' && error.item) item.context = { ...item.context, balance: parseBalance(error.item) };
      planItem(deps, organization, item, true);
    }
  }
  // Every attempt lost a guard or a conflict, and neither writes anything: these payouts were not made.
  for (const item of chunk.filter((pending) => !pending.result)) {
    item.record = undefined;
    item.result = answer(item, 503, { error: FAILED_TO_EXECUTE });
  }
}

/**
 * The batch's id follows from its key, so a batch cut short and sent again gives the payouts of both attempts the
 * same id (its console approval covers them all): a name-based UUID (version 8) of the organization and the key.
 */
export function batchIdOf(organizationId: string, batchKey: string): string {
  const hex = sha256Hex(`withdrawal-batch\n${organizationId}\n${batchKey}`);
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function replayBatch(deps: Deps, stored: WithdrawalBatchRecord, hash: string): Promise<WithdrawalBatchResponse> {
  if (stored.requestHash !== hash) throw BATCH_KEY_REUSED.error();
  const results: BatchItemResult[] = [];
  await inParallel(stored.items, async ({ transactionId, customerId, ...rest }) => {
    const transaction =
      transactionId && customerId
        ? await getTransactionOfCustomer(deps.db, stored.organizationId, customerId, transactionId)
        : undefined;
    results.push({ ...rest, ...(transaction ? { transaction: toTransaction(transaction) } : {}) });
  });
  results.sort((a, b) => a.index - b.index);
  return { batchId: stored.batchId, idempotencyKey: stored.idempotencyKey, proposed: stored.proposed, results };
}

function batchEvent(record: WithdrawalBatchRecord, results: BatchItemResult[], now: Date) {
  const created = results.filter((result) => result.transaction && result.status === 201).length;
  return eventRecord({
    organizationId: record.organizationId,
    type: 'withdrawal_batch.created',
    data: {
      batch_id: record.batchId,
      idempotency_key: record.idempotencyKey,
      created,
      failed: results.length - created,
      proposed: record.proposed,
    },
    now,
  });
}

async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}
