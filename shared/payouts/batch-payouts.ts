import { RESEND_ATTEMPTS, retryOnConflict, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';
import { log } from '#shared/log.ts';
import { countMetric } from '#shared/metrics.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { isolation } from '#shared/payouts/isolation.ts';
import {
  advancePaymentFile,
  nextAchFileOfDay,
  paymentFileWrites,
  queryDuePaymentFiles,
} from '#shared/payouts/payment-file-repository.ts';
import {
  debtorOf,
  debtorUnfit,
  decideRail,
  fileScope,
  paymentFileName,
  type RailDecision,
  railContextOf,
  railCreditor,
} from '#shared/payouts/payout-rail.ts';
import type { PaymentFileRecord } from '#shared/payouts/records.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import type { PaymentFile } from '#shared/rails/bank/payment-file.ts';
import { paymentInfoId } from '#shared/rails/bank/payment-file.ts';
import type { BankRail, RailName } from '#shared/rails/bank/rail.ts';
import { writeRailFile } from '#shared/rails/bank/rail-files.ts';
import { RAILS, railLanding } from '#shared/rails/bank/rails.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import {
  getTransactionOfCustomer,
  queryDueTransactions,
  transactionWrites,
} from '#shared/transactions/transaction-repository.ts';
import { failWithdrawal } from '#shared/transactions/transitions.ts';

/**
 * The payout batcher (scheduled every `PAYOUT_BATCH_INTERVAL_S`): an organization's PROCESSING withdrawals not yet
 * in a file, per currency and rail, become one file of that rail (`shared/rails/bank/rails.ts`) in the bank
 * channel's outbox.
 *
 * A withdrawal is in exactly one file, ever: the file is **claimed** first, in one TransactWriteItems that puts the
 * file item (its XML included) and marks every withdrawal in it with the file's message id, each conditional on the
 * status and version read, so of two batchers only one claims a withdrawal. Only then is the file written to the
 * outbox under its message id, and the file item marked WRITTEN. A crash in between leaves the file CLAIMED with a
 * WRITE timer; the next run writes the same XML under the same name again (an overwrite with identical content),
 * never a second file.
 */

export type BatchResult = { files: string[]; payments: number; rewritten: number };

/** One claim is one TransactWriteItems: the file item and at most 99 withdrawals. */
const MAX_PAYMENTS_PER_FILE = 99;
/** Due items read per run: whole files of one backlog, never a short file left over by the read's limit. */
export const MAX_DUE = 5 * MAX_PAYMENTS_PER_FILE;

/** Writes a claimed file to the outbox and marks it WRITTEN (again, after a crash: same name, same XML). */
async function deliver(deps: Deps, channel: BankChannel, file: PaymentFileRecord): Promise<void> {
  await channel.writeOutbox(fileScope(file), paymentFileName(file), file.xml);
  await advancePaymentFile(deps.db, file, 'WRITTEN');
}

const paymentOf = async (deps: Deps, rail: RailName, withdrawal: TransactionRecord) => ({
  endToEndId: withdrawal.reference,
  amount: withdrawal.targetAmount,
  creditor: await railCreditor(deps, rail, withdrawal),
  remittance: `Payout ${withdrawal.reference}`,
});

/** A file's fields but its payments, and the settlement date of its landing (`railLanding`). */
type FileHeader = Omit<PaymentFile, 'payments'> & { settlementDate: string };
const writeFile = (rail: RailName, header: FileHeader, payments: PaymentFile['payments'], fileOfDay = 0) => {
  const { settlementDate, ...fields } = header;
  return writeRailFile(
    rail,
    { ...fields, payments },
    { createdAt: new Date(header.createdAt), debtor: header.debtor, settlementDate, fileOfDay },
  );
};

/**
 * Which of its originator's files of the day a file is, for a rail that numbers them (ACH: the file id modifier).
 * Taken only once the file will be claimed, so the payments tried alone by `failUnwritable` take none.
 */
async function fileOfDay(deps: Deps, rail: RailName, header: FileHeader) {
  const { debtor } = header;
  const file: BankRail['file'] = RAILS[rail].file;
  if (!file.numberedPerDay || debtor.currency !== 'USD') return 0;
  const originator = { routingNumber: debtor.routingNumber, companyId: debtor.achCompanyId ?? '' };
  return nextAchFileOfDay(deps.db, originator, header.createdAt.slice(0, 10));
}

/**
 * A payment the file writer refuses (say, a bank the rail's file cannot carry) fails at once and alone: FAILED with
 * the writer's reason, its reservation released and its webhook sent, in the transition every failure takes. Left in
 * the batch, it would make every run throw and hold up the payouts filed with it.
 */
async function failUnwritable(
  deps: Deps,
  rail: RailName,
  withdrawals: TransactionRecord[],
  file: FileHeader,
): Promise<{ withdrawal: TransactionRecord; payment: PaymentFile['payments'][number] }[]> {
  const writable: { withdrawal: TransactionRecord; payment: PaymentFile['payments'][number] }[] = [];
  for (const withdrawal of withdrawals) {
    // Outside the refusal: a read that fails (the table) fails the batch, never the payout.
    const payment = await paymentOf(deps, rail, withdrawal);
    let refusal: string | undefined;
    try {
      writeFile(rail, file, [payment]);
      writable.push({ withdrawal, payment });
    } catch (error) {
      refusal = refusalOf(error);
    }
    if (refusal === undefined) continue;
    log.error('payout failed: its bank file cannot be written', {
      transactionId: withdrawal.transactionId,
      organizationId: withdrawal.organizationId,
      reason: refusal,
    });
    countMetric('PayoutsUnwritable', {}, 1);
    await failWithdrawal(deps, withdrawal, `${UNWRITABLE_REASON}: ${refusal}`).catch((error: unknown) =>
      // It changed meanwhile (cancelled by a race, failed by another run): the next run reads it again.
      log.warn('unwritable payout not failed', { transactionId: withdrawal.transactionId, error: String(error) }),
    );
  }
  return writable;
}

/** The writer's refusal in words: a schema's issues as `path: message` (its message is their JSON), else the message. */
function refusalOf(error: unknown): string {
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] } | null)?.issues;
  if (Array.isArray(issues)) return issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  return error instanceof Error ? error.message : String(error);
}

/** The start of a payout's `failureReason` when its bank file could not be written; the writer's reason follows. */
export const UNWRITABLE_REASON = 'The bank file for this payout could not be written';

type Batch = { organization: Organization | undefined; rail: RailName; decisions: Map<string, RailDecision> };

async function claim(
  deps: Deps,
  batch: Batch,
  candidates: TransactionRecord[],
  now: Date,
  simulatorAnswers = true,
): Promise<PaymentFileRecord | undefined> {
  const payer = payerOf(batch, candidates);
  if (!payer) return undefined;
  const { organization, currency, debtor } = payer;
  const { rail } = batch;
  const messageId = newId().replaceAll('-', '');
  // One landing: the file's dates and every payout's expectedSettlementAt.
  const landing = railLanding(
    rail,
    debtor,
    now,
    candidates.map((withdrawal) => withdrawal.targetAmount),
  );
  const header: FileHeader = {
    messageId,
    createdAt: now.toISOString(),
    executionDate: landing.executionDate,
    settlementDate: landing.settlementDate,
    initiatingParty: organization.name,
    debtor,
  };
  const writable = await failUnwritable(deps, rail, candidates, header);
  if (writable.length === 0) return undefined;
  const withdrawals = writable.map((entry) => entry.withdrawal);
  const xml = writeFile(
    rail,
    header,
    writable.map((entry) => entry.payment),
    await fileOfDay(deps, rail, header),
  );
  const answerDueAt = simulatorAnswers ? simulatorAnswerDueAt(organization, rail, header, withdrawals) : null;
  const file = paymentFileOf(deps, { organization, currency, rail, header, answerDueAt, withdrawals, xml, now });
  const claimItems = claimWrites(deps, batch, file, withdrawals, landing.expectedAt.toISOString());
  // Its guards decide (a new file, the versions read): a claim that lost only to a concurrent transaction (a
  // racing sandbox complete and fail both filing one payout) is sent again, and then wins or finds it filed.
  await retryOnConflict(() => writeGuarded(deps.db, claimItems), RESEND_ATTEMPTS);
  return file;
}

/** The organization that pays the batch and its payout account, when it has one fit for the rail; else logged. */
function payerOf(batch: Batch, candidates: TransactionRecord[]) {
  const [first] = candidates;
  if (!first) return undefined;
  const { organization, rail } = batch;
  const currency = first.targetCurrency === 'USD' ? 'USD' : 'EUR';
  const debtor = organization && debtorOf(organization, currency);
  const unfit = debtor && debtorUnfit(rail, debtor);
  if (!organization || !debtor || unfit) {
    log.error('payouts not batched: the organization has no payout account fit for the rail', {
      organizationId: first.organizationId,
      currency,
      rail,
      ...(unfit ? { unfit } : {}),
    });
    countMetric('PayoutsNotBatched', {}, candidates.length);
    return undefined;
  }
  return { organization, currency, debtor } as const;
}

/** When the sandbox's simulator answers: when the last of its payouts is due, an instant file at once; else never. */
function simulatorAnswerDueAt(
  organization: Organization,
  rail: RailName,
  header: FileHeader,
  withdrawals: TransactionRecord[],
): string | null {
  const { createdAt } = header;
  const dueTimes = withdrawals.map((withdrawal) => withdrawal.settleDueAt);
  if (organization.environment !== 'sandbox' || !dueTimes.every((due) => due !== null)) return null;
  if (RAILS[rail].settlement.kind === 'instant') return createdAt;
  // ISO times sort as strings.
  return [createdAt, ...dueTimes].sort().at(-1) ?? createdAt;
}

function paymentFileOf(
  deps: Deps,
  input: {
    organization: Organization;
    currency: 'EUR' | 'USD';
    rail: RailName;
    header: FileHeader;
    answerDueAt: string | null;
    withdrawals: TransactionRecord[];
    xml: string;
    now: Date;
  },
): PaymentFileRecord {
  const { organization, header, withdrawals, now } = input;
  const { messageId, debtor } = header;
  return {
    messageId,
    organizationId: organization.organizationId,
    environment: organization.environment,
    currency: input.currency,
    rail: input.rail,
    status: 'CLAIMED',
    createdAt: header.createdAt,
    executionDate: header.executionDate,
    settlementDate: header.settlementDate,
    answerDueAt: input.answerDueAt,
    overdueAt: new Date(now.getTime() + deps.config.bank.processingAlarmSeconds * 1000).toISOString(),
    paymentInfoId: paymentInfoId(messageId),
    debtorAccount: debtor.currency === 'EUR' ? { iban: debtor.iban } : { accountNumber: debtor.accountNumber },
    payments: withdrawals.map((withdrawal) => ({
      transactionId: withdrawal.transactionId,
      customerId: withdrawal.customerId,
      reference: withdrawal.reference,
      amount: withdrawal.targetAmount,
    })),
    xml: input.xml,
  };
}

/** The claim: the file item, and every withdrawal in it marked with the file, each guarded on the version read. */
function claimWrites(
  deps: Deps,
  batch: Batch,
  file: PaymentFileRecord,
  withdrawals: TransactionRecord[],
  expectedSettlementAt: string,
) {
  return [
    { role: 'file', item: paymentFileWrites.insert(deps.db, file) },
    ...withdrawals.map((withdrawal) => ({
      role: 'transaction',
      item: transactionWrites.replace(deps.db, withdrawal, {
        ...withdrawal,
        paymentFileId: file.messageId,
        settlementRail: batch.rail,
        railFallbackReason: batch.decisions.get(withdrawal.transactionId)?.fallbackReason ?? null,
        expectedSettlementAt,
        updatedAt: file.createdAt,
        version: withdrawal.version + 1,
      }),
    })),
  ];
}

/**
 * The due withdrawals by organization, currency and the rail each takes (`decideRail`: a SEPA Instant request may
 * fall back to SEPA, a US domestic bank takes the organization's choice of ACH or Fedwire).
 */
async function railGroups(deps: Deps, due: TransactionRecord[]) {
  const organizations = new Map<string, Promise<Organization | undefined>>();
  const groups = new Map<string, { batch: Batch; withdrawals: TransactionRecord[] }>();
  for (const withdrawal of due) {
    const { organizationId } = withdrawal;
    if (!organizations.has(organizationId)) organizations.set(organizationId, getOrganization(deps.db, organizationId));
    const organization = await organizations.get(organizationId);
    const currency = withdrawal.targetCurrency === 'USD' ? 'USD' : 'EUR';
    const decision = decideRail(withdrawal, railContextOf(organization, currency, deps.config.bank.instantLimitEur));
    const key = `${organizationId}|${currency}|${decision.rail}`;
    const group: { batch: Batch; withdrawals: TransactionRecord[] } = groups.get(key) ?? {
      batch: { organization, rail: decision.rail, decisions: new Map() },
      withdrawals: [],
    };
    group.batch.decisions.set(withdrawal.transactionId, decision);
    group.withdrawals.push(withdrawal);
    groups.set(key, group);
  }
  return groups;
}

/** Still PROCESSING and in no file, read again strongly (the timer index is eventually consistent). */
async function stillUnbatched(deps: Deps, withdrawals: TransactionRecord[]) {
  const fresh = await Promise.all(
    withdrawals.map((w) => getTransactionOfCustomer(deps.db, w.organizationId, w.customerId, w.transactionId)),
  );
  return fresh.filter(
    (w): w is TransactionRecord => !!w && w.status === 'PROCESSING' && w.type === 'WITHDRAWAL' && !w.paymentFileId,
  );
}

/**
 * Files whose payouts should all have been reported on by now: those with payouts still PROCESSING count in
 * `PayoutsProcessingTooLong` (alarmed) on every run until the bank answers; a file with none left is SETTLED.
 */
export async function checkOverdueFiles(deps: Deps, now: Date = deps.clock.now()) {
  let stuck = 0;
  for (const file of await queryDuePaymentFiles(deps.db, 'AWAIT', now, MAX_DUE)) {
    const current = await Promise.all(
      file.payments.map((p) => getTransactionOfCustomer(deps.db, file.organizationId, p.customerId, p.transactionId)),
    );
    const open = current.filter((t) => t?.status === 'PROCESSING').length;
    if (open === 0) await advancePaymentFile(deps.db, file, 'SETTLED');
    else {
      stuck += open;
      log.error('payouts PROCESSING too long: the bank has not reported on them', {
        messageId: file.messageId,
        organizationId: file.organizationId,
        open,
      });
    }
  }
  if (stuck > 0) countMetric('PayoutsProcessingTooLong', {}, stuck);
  return { stuck };
}

/**
 * Files one PROCESSING withdrawal now, alone, as the batcher would have (the sandbox bank books or rejects only what
 * it was sent). The sandbox route that asks is the bank's answer, so the simulator gives the file none of its own.
 * A batcher that filed it first wins the claim, and its file stands.
 */
export async function fileWithdrawalNow(deps: Deps, channel: BankChannel, withdrawal: TransactionRecord) {
  for (const { batch, withdrawals } of (await railGroups(deps, [withdrawal])).values()) {
    try {
      const file = await claim(deps, batch, withdrawals, deps.clock.now(), false);
      if (file) await deliver(deps, channel, file);
    } catch (error) {
      if (!(error instanceof WriteConditionFailedError)) throw error;
    }
  }
}

export async function batchPayouts(deps: Deps, channel: BankChannel, now: Date = deps.clock.now()) {
  const result: BatchResult = { files: [], payments: 0, rewritten: 0 };
  const units = isolation('PayoutBatchErrors');
  // First the files a crashed run claimed but did not deliver.
  for (const file of await queryDuePaymentFiles(deps.db, 'WRITE', now, MAX_DUE)) {
    await units.run('payment file not rewritten', { messageId: file.messageId }, async () => {
      await deliver(deps, channel, file);
      result.rewritten++;
    });
  }
  const due = await queryDueTransactions(deps.db, 'BATCH', now, MAX_DUE);
  const groups = await railGroups(deps, due);
  for (const { batch: railBatch, withdrawals: group } of groups.values()) {
    for (let start = 0; start < group.length; start += MAX_PAYMENTS_PER_FILE) {
      const slice = group.slice(start, start + MAX_PAYMENTS_PER_FILE);
      const where = { organizationId: slice[0]?.organizationId, currency: slice[0]?.targetCurrency };
      // One batch that fails for a reason of its own (the channel, the table) holds up no other batch.
      await units.run('payouts not batched', where, async () => {
        let batch = await stillUnbatched(deps, slice);
        for (let attempt = 0; attempt < 3 && batch.length > 0; attempt++) {
          try {
            const file = await claim(deps, railBatch, batch, now);
            if (file) {
              await deliver(deps, channel, file);
              result.files.push(file.messageId);
              result.payments += file.payments.length;
            }
            break;
          } catch (error) {
            if (!(error instanceof WriteConditionFailedError)) throw error;
            // Another batcher (or a transition) got some of them first: claim what is left.
            batch = await stillUnbatched(deps, batch);
          }
        }
      });
    }
  }
  units.rethrow();
  return result;
}
