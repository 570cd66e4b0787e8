import { isRefusedByDatabase, isTransientDatabaseError, WriteConflictError } from '#shared/db/errors.ts';
import { pauseAfterConflict, WriteConditionFailedError } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { FieldError, HttpError, ServiceUnavailableError } from '#shared/errors.ts';
import { parseAllowance } from '#shared/ledger/allowance-repository.ts';
import { parseBalance } from '#shared/ledger/balance-repository.ts';
import { log } from '#shared/log.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { startPayout } from '#shared/payouts/payout-start.ts';
import { needsReferenceRates } from '#shared/quotes/rates.ts';
import { requestHash, toTransaction } from '#shared/transactions/new-transaction.ts';
import type { CreatedBy, IdempotencyRecord } from '#shared/transactions/records.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import {
  type CreateContext,
  getIdempotencyRecord,
  readCreateContext,
  readCreateInputs,
} from '#shared/withdrawals/create-context.ts';
import {
  type CreateTime,
  createTime,
  readTruth,
  sendDecision,
  timedRead,
  timeToWrite,
  withinCreate,
} from '#shared/withdrawals/create-time.ts';
import { IdempotencyKeySchema } from '#shared/withdrawals/schemas.ts';
import { amountOf, checkPayee, plan, type Role } from '#shared/withdrawals/withdrawal-plan.ts';
import { FAILED_TO_EXECUTE, KEY_REUSED, OUTCOME_UNKNOWN } from '#shared/withdrawals/withdrawal-rules.ts';

export type CreateWithdrawalRequest = {
  organization: Organization;
  customerId: string;
  withdrawalBankId: string;
  /** From the body. */
  idempotencyKey?: string | undefined;
  /** From the `Idempotency-Key` header. */
  idempotencyKeyHeader?: string | undefined;
  sourceAmount?: string | undefined;
  targetAmount?: string | undefined;
  /** Asks for SEPA Instant. */
  instant?: boolean | undefined;
  /** The key that authenticated the request, stored on the withdrawal. */
  createdBy?: CreatedBy | undefined;
};

export type CreateWithdrawalResult = { transaction: Transaction; replayed: boolean };

/** The key from the body or the header (the same one if both are sent); a shape check, so it reads nothing. */
export function resolveIdempotencyKey(fromBody: string | undefined, fromHeader: string | undefined): string {
  if (fromHeader !== undefined) {
    const parsed = IdempotencyKeySchema.safeParse(fromHeader);
    if (!parsed.success) throw new FieldError('idempotencyKey', parsed.error.issues[0]?.message ?? 'Invalid value');
    if (fromBody !== undefined && fromBody !== fromHeader) {
      throw new FieldError('idempotencyKey', 'Does not match the Idempotency-Key header');
    }
    return fromHeader;
  }
  if (fromBody === undefined) {
    throw new FieldError(
      'idempotencyKey',
      'Required: send an Idempotency-Key header or an idempotencyKey field in the body',
    );
  }
  return fromBody;
}

/**
 * Creates a withdrawal (API.md section 5). Reads: ONE strongly consistent BatchGetItem of the customer, the bank,
 * the balance, the allowance, the idempotency record and the sandbox settings. Writes: ONE conditional
 * TransactWriteItems with the transaction, its pointer, its unique reference, its idempotency record, its
 * `withdrawal.created` event and, when it executes at once, the balance and allowance reservations. A guard
 * that fails because of a concurrent writer makes it decide again on fresh reads.
 *
 * A failure whose outcome is unknown (a timeout, a dropped connection, a 500 of the database: the transaction
 * may have landed) is answered with the truth: the idempotency record is read (strongly consistent) and, if it
 * exists, the withdrawal it names is the answer (201); only when it does not is the answer 503, which says to
 * retry with the same key. Reads and decisions end `TRUTH_READ_RESERVE_MS` before the request's deadline
 * (shared/withdrawals/create-time.ts), so the truth always has time left, even when the database hangs.
 */
export async function createWithdrawal(deps: Deps, request: CreateWithdrawalRequest): Promise<CreateWithdrawalResult> {
  const idempotencyKey = resolveIdempotencyKey(request.idempotencyKey, request.idempotencyKeyHeader);
  const planned: Planned = new Set<string>();
  try {
    return await attemptCreate(deps, request, idempotencyKey, planned);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return answerTruthfully(deps, request, idempotencyKey, planned, error);
  }
}

/**
 * After a failure: the withdrawal the key names if there is one (this request's own, or a concurrent one with the
 * same key and body). Else a transient failure is a 503 to retry with the same key, which says the withdrawal
 * may have been made when this request sent a write whose outcome it never learnt, and that it failed only when
 * nothing it sent can land; anything else is the failure itself (nothing was written under this key).
 */
async function answerTruthfully(
  deps: Deps,
  request: CreateWithdrawalRequest,
  idempotencyKey: string,
  planned: Planned,
  failure: unknown,
): Promise<CreateWithdrawalResult> {
  const unavailable = () => {
    if (!planned.unanswered) return new ServiceUnavailableError(FAILED_TO_EXECUTE);
    log.warn('withdrawal outcome not known', { error: failure });
    return new ServiceUnavailableError(OUTCOME_UNKNOWN);
  };
  let existing: IdempotencyRecord | undefined;
  try {
    const key = { organizationId: request.organization.organizationId, idempotencyKey };
    existing = await readTruth(deps, key, planned.unanswered === true);
  } catch (error) {
    if (isTransientDatabaseError(error)) throw unavailable();
    throw error;
  }
  if (existing) {
    try {
      const result = await replay(deps, existing, requestHash(request));
      // This request's own write landed: for its caller it is the first answer, not a replay.
      return planned.has(existing.transactionId) ? { ...result, replayed: false } : result;
    } catch (error) {
      if (isTransientDatabaseError(error)) throw unavailable();
      throw error;
    }
  }
  if (isTransientDatabaseError(failure)) throw unavailable();
  throw failure;
}

/**
 * How many decisions a create makes at most: each lost guard is one, and each conflict when no deadline bounds
 * the create (under a deadline a conflict is tried again while time is left, as `retryOnConflict` does: it ends
 * when the winner's transaction does). Every one of them was refused, so the create then answers 503: nothing made.
 */
const MAX_DECISIONS = 24;

/**
 * The transactions a create sent (their ids), and whether one of them went unanswered: the database neither
 * applied nor refused it as far as the create knows, so it may still land.
 */
type Planned = Set<string> & { unanswered?: boolean };

/**
 * Decides, writes, and on a guard that a concurrent writer broke decides again on a fresh read. The ledger's
 * guards are conditional arithmetic (shared/ledger/README.md), so a lost reservation means the balance or the
 * allowance no longer covers it: the fresh read decides PROPOSED, unless a credit or release came in between.
 * A conflict (DynamoDB cancels a transaction on an item another one is writing) says nothing of the state the
 * winner leaves, and the guards decide on that state, so it pauses and sends the same decision again, reading
 * nothing: under a storm's conflicts every read it saves is one the database serves less.
 * The decision is only ever the contract's (balance, allowance, rate): when the decisions or the time run out
 * before one is written, the create answers 503 `FAILED_TO_EXECUTE` with `Retry-After`, every write it sent
 * having been refused. It never writes PROPOSED for want of time: that would hold a payout the balance and the
 * allowance cover for a manual approval.
 */
async function attemptCreate(
  deps: Deps,
  request: CreateWithdrawalRequest,
  idempotencyKey: string,
  planned: Planned,
): Promise<CreateWithdrawalResult> {
  const { organizationId } = request.organization;
  const hash = requestHash(request);
  const time = createTime();
  const {
    customer,
    bank,
    context: firstContext,
  } = await timedRead(time, () =>
    readCreateInputs(deps.db, {
      ...contextInput(deps, request.organization, request.customerId, idempotencyKey),
      withdrawalBankId: request.withdrawalBankId,
    }),
  );
  // A used key answers first: a replay returns the original even if the customer or bank changed since.
  if (firstContext.idempotency) return replayWithin(time, deps, firstContext.idempotency, hash);
  const payee = checkPayee(customer, bank);
  const amount = amountOf(request);

  let organization = request.organization;
  let context = firstContext;
  let decision = 1;
  for (let attempt = 1; ; attempt++) {
    if (decision > MAX_DECISIONS || !timeToWrite(time)) throw new ServiceUnavailableError(FAILED_TO_EXECUTE);
    const { record, items } = plan(deps, {
      organization,
      payee,
      amount,
      context,
      idempotencyKey,
      hash,
      now: deps.clock.now(),
      reserve: true,
      instant: request.instant === true,
      createdBy: request.createdBy,
    });
    planned.add(record.transactionId);
    let found: IdempotencyRecord | undefined;
    try {
      found = await sendDecision(deps, time, items, { organizationId, idempotencyKey });
    } catch (error) {
      if (!(error instanceof WriteConditionFailedError) && !isRefusedByDatabase(error)) planned.unanswered = true;
      if (error instanceof WriteConflictError) {
        if (!(await withinCreate(time, () => pauseAfterConflict(attempt)))) throw error;
        if (time.deadline === undefined) decision++;
        continue;
      }
      if (!(error instanceof WriteConditionFailedError)) throw error;
      decision++;
      const fresh = await decideAgain(deps, time, {
        organization,
        context,
        error,
        customerId: request.customerId,
        idempotencyKey,
      });
      if (fresh.existing) return replayWithin(time, deps, fresh.existing, hash);
      ({ organization, context } = fresh);
      continue;
    }
    // The write's answer was late, and its record was found meanwhile: a concurrent create's with the same key.
    if (found && found.transactionId !== record.transactionId) return replayWithin(time, deps, found, hash);
    const result =
      record.status === 'PROCESSING'
        ? await withinCreate(time, () => startPayout(deps, organization, record, context.sandbox?.failNextExecutions))
        : record;
    return { transaction: toTransaction(result), replayed: false };
  }
}

/**
 * What a create decides on after one of its guards failed: the item the guard returned (the balance, the allowance
 * usage), else a fresh read; the organization again when its allowance setting changed; the record of a key another
 * create used meanwhile (`existing`), which is then the answer.
 */
async function decideAgain(
  deps: Deps,
  time: CreateTime,
  lost: {
    organization: Organization;
    context: CreateContext;
    error: WriteConditionFailedError;
    customerId: string;
    idempotencyKey: string;
  },
): Promise<{ organization: Organization; context: CreateContext; existing?: IdempotencyRecord | undefined }> {
  const { organization, context, error, customerId, idempotencyKey } = lost;
  const { organizationId } = organization;
  const reread = (of: Organization) => timedRead(time, () => readContext(deps, of, customerId, idempotencyKey));
  switch (error.role as Role) {
    case 'idempotency': {
      const existing = await timedRead(time, () => getIdempotencyRecord(deps.db, organizationId, idempotencyKey));
      return { organization, context, existing };
    }
    case 'reference':
      return { organization, context };
    case 'allowanceConfig': {
      const changed = (await timedRead(time, () => getOrganization(deps.db, organizationId))) ?? organization;
      const fresh = await reread(changed);
      return { organization: changed, context: fresh, existing: fresh.idempotency };
    }
    case 'balance':
    case 'allowance': {
      if (!error.item) {
        const fresh = await reread(organization);
        return { organization, context: fresh, existing: fresh.idempotency };
      }
      const returned =
        error.role === 'balance' ? { balance: parseBalance(error.item) } : { allowance: parseAllowance(error.item) };
      return { organization, context: { ...context, ...returned } };
    }
    default:
      throw error;
  }
}

const contextInput = (deps: Deps, organization: Organization, customerId: string, idempotencyKey: string) => ({
  organizationId: organization.organizationId,
  customerId,
  idempotencyKey,
  sandbox: organization.environment === 'sandbox',
  reference: needsReferenceRates(deps.config, organization),
});

export const readContext = (deps: Deps, organization: Organization, customerId: string, idempotencyKey: string) =>
  readCreateContext(deps.db, contextInput(deps, organization, customerId, idempotencyKey));

const replayWithin = (time: CreateTime, deps: Deps, record: IdempotencyRecord, hash: string) =>
  withinCreate(time, () => replay(deps, record, hash));

export async function replay(deps: Deps, record: IdempotencyRecord, hash: string): Promise<CreateWithdrawalResult> {
  if (record.requestHash !== hash) throw KEY_REUSED.error();
  const transaction = await getTransactionOfCustomer(
    deps.db,
    record.organizationId,
    record.customerId,
    record.transactionId,
  );
  // The record and its transaction are written in one transaction, so this cannot be missing.
  if (!transaction) throw new Error(`idempotency record ${record.idempotencyKey} points to a missing transaction`);
  return { transaction: toTransaction(transaction), replayed: true };
}
