import { currentDeadline, withDatabaseDeadline } from '#shared/db/client.ts';
import { isRefusedByDatabase, isTransientDatabaseError, WriteConflictError } from '#shared/db/errors.ts';
import { pauseAfterConflict, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { FieldError, HttpError, ServiceUnavailableError } from '#shared/errors.ts';
import { parseAllowance } from '#shared/ledger/allowance-repository.ts';
import { parseBalance } from '#shared/ledger/balance-repository.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { execute } from '#shared/payouts/payout-executor.ts';
import { needsReferenceRates } from '#shared/quotes/rates.ts';
import { requestHash, toTransaction } from '#shared/transactions/new-transaction.ts';
import type { CreatedBy, IdempotencyRecord } from '#shared/transactions/records.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { getIdempotencyRecord, readCreateContext, readCreateInputs } from '#shared/withdrawals/create-context.ts';
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

/** Kept for the read of the truth after a failure whose outcome is unknown (`answerTruthfully`). */
export const TRUTH_READ_RESERVE_MS = 1_000;

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
 * retry with the same key. The work before gets the request's deadline less `TRUTH_READ_RESERVE_MS`, so the
 * read always has time left, even when the database hangs.
 */
export async function createWithdrawal(deps: Deps, request: CreateWithdrawalRequest): Promise<CreateWithdrawalResult> {
  const idempotencyKey = resolveIdempotencyKey(request.idempotencyKey, request.idempotencyKeyHeader);
  const planned: Planned = new Set<string>();
  try {
    return await withinReserve(() => attemptCreate(deps, request, idempotencyKey, planned));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    return answerTruthfully(deps, request, idempotencyKey, planned, error);
  }
}

/** Runs `work` under the current deadline less the truth read's reserve (no deadline: no limit). */
function withinReserve<T>(work: () => Promise<T>): Promise<T> {
  const at = currentDeadline();
  return at === undefined ? work() : withDatabaseDeadline(at - TRUTH_READ_RESERVE_MS, work);
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
  const unavailable = () => new ServiceUnavailableError(planned.unanswered ? OUTCOME_UNKNOWN : FAILED_TO_EXECUTE);
  let existing: IdempotencyRecord | undefined;
  try {
    existing = await getIdempotencyRecord(deps.db, request.organization.organizationId, idempotencyKey);
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
 * when the winner's transaction does, and counting it would make a well-funded create PROPOSED for having met a
 * crowd). A PROPOSED write is the last.
 */
const MAX_DECISIONS = 24;

/**
 * The transactions a create sent (their ids), and whether one of them went unanswered: the database neither
 * applied nor refused it as far as the create knows, so it may still land.
 */
type Planned = Set<string> & { unanswered?: boolean };

/**
 * Time kept, before the truth read's reserve, for the PROPOSED write that ends a create whose reservations kept
 * losing to concurrent ones: it touches only items of its own, so no concurrent create can break it.
 */
export const PROPOSAL_RESERVE_MS = 1_500;

/**
 * Whether a create may still try to reserve, or must now write its decision as PROPOSED. The time kept for that
 * write is `PROPOSAL_RESERVE_MS`, or the longest this create has waited on one database call, if longer: on a
 * database slowed by a storm, a write takes as long as the calls before it did.
 */
function mayReserve(decision: number, slowestCallMs: number): boolean {
  const deadline = currentDeadline();
  if (decision >= MAX_DECISIONS) return false;
  return deadline === undefined || deadline - Date.now() > Math.max(PROPOSAL_RESERVE_MS, slowestCallMs);
}

/** Runs a database call and keeps the longest one's duration. */
async function timed<T>(slowest: { ms: number }, call: () => Promise<T>): Promise<T> {
  const start = Date.now();
  try {
    return await call();
  } finally {
    slowest.ms = Math.max(slowest.ms, Date.now() - start);
  }
}

/**
 * Decides, writes, and on a guard that a concurrent writer broke decides again on a fresh read. The ledger's
 * guards are conditional arithmetic (shared/ledger/README.md), so a lost reservation means the balance or the
 * allowance no longer covers it: the fresh read decides PROPOSED, unless a credit or release came in between.
 * A conflict (DynamoDB cancels a transaction on an item another one is writing) says nothing of the state the
 * winner leaves, and the guards decide on that state, so it pauses and sends the same decision again, reading
 * nothing: under a storm's conflicts every read it saves is one the database serves less.
 * When the attempts or the time run out, the decision is PROPOSED: its write has no guard a concurrent
 * reservation can break, so contention alone never makes a create answer 503.
 */
async function attemptCreate(
  deps: Deps,
  request: CreateWithdrawalRequest,
  idempotencyKey: string,
  planned: Planned,
): Promise<CreateWithdrawalResult> {
  const { organizationId } = request.organization;
  const hash = requestHash(request);
  const slowest = { ms: 0 };
  const {
    customer,
    bank,
    context: firstContext,
  } = await timed(slowest, () =>
    readCreateInputs(deps.db, {
      ...contextInput(deps, request.organization, request.customerId, idempotencyKey),
      withdrawalBankId: request.withdrawalBankId,
    }),
  );
  // A used key answers first: a replay returns the original even if the customer or bank changed since.
  if (firstContext.idempotency) return replay(deps, firstContext.idempotency, hash);
  const payee = checkPayee(customer, bank);
  const amount = amountOf(request);

  let organization = request.organization;
  let context = firstContext;
  let decision = 1;
  for (let attempt = 1; ; attempt++) {
    const now = deps.clock.now();
    const reserve = mayReserve(decision, slowest.ms);
    if (decision > MAX_DECISIONS + 1) throw new ServiceUnavailableError(FAILED_TO_EXECUTE);
    const instant = request.instant === true;
    const { record, items } = plan(deps, {
      organization,
      payee,
      amount,
      context,
      idempotencyKey,
      hash,
      now,
      reserve,
      instant,
      createdBy: request.createdBy,
    });
    planned.add(record.transactionId);
    try {
      await timed(slowest, () => writeGuarded(deps.db, items));
    } catch (error) {
      if (!(error instanceof WriteConditionFailedError) && !isRefusedByDatabase(error)) planned.unanswered = true;
      if (error instanceof WriteConflictError) {
        if (!(await pauseAfterConflict(attempt))) throw error;
        if (currentDeadline() === undefined) decision++;
      } else if (error instanceof WriteConditionFailedError) {
        switch (error.role as Role) {
          case 'idempotency': {
            const existing = await getIdempotencyRecord(deps.db, organizationId, idempotencyKey);
            if (existing) return replay(deps, existing, hash);
            break;
          }
          case 'reference':
            break;
          case 'allowanceConfig':
            organization = (await getOrganization(deps.db, organizationId)) ?? organization;
            context = await readContext(deps, organization, request.customerId, idempotencyKey);
            break;
          case 'balance':
            context = error.item
              ? { ...context, balance: parseBalance(error.item) }
              : await readContext(deps, organization, request.customerId, idempotencyKey);
            break;
          case 'allowance':
            context = error.item
              ? { ...context, allowance: parseAllowance(error.item) }
              : await readContext(deps, organization, request.customerId, idempotencyKey);
            break;
          default:
            throw error;
        }
      } else {
        throw error;
      }
      if (error instanceof WriteConditionFailedError) decision++;
      if (context.idempotency) return replay(deps, context.idempotency, hash);
      continue;
    }
    const result =
      record.status === 'PROCESSING'
        ? await execute(deps, organization, record, context.sandbox?.failNextExecutions)
        : record;
    return { transaction: toTransaction(result), replayed: false };
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
