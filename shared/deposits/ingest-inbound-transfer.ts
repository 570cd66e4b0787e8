import type { BankRecord } from '#shared/banks/records.ts';
import { getBankOfCustomer } from '#shared/banks/repository.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import {
  type GuardedItem,
  RESEND_ATTEMPTS,
  retryOnConflict,
  WriteConditionFailedError,
  writeGuarded,
} from '#shared/db/guarded-write.ts';
import { depositStageWrites, getDepositStage } from '#shared/deposits/deposit-stage-repository.ts';
import { inboundOutcome } from '#shared/deposits/inbound-rules.ts';
import { getInboundTransfer, inboundTransferPut } from '#shared/deposits/inbound-transfer-repository.ts';
import type { DepositStage, InboundTransfer } from '#shared/deposits/records.ts';
import { sweepDueWrites } from '#shared/deposits/sweep-due.ts';
import type { Deps } from '#shared/deps.ts';
import { FieldError } from '#shared/errors.ts';
import { balanceWrites, depositLedger } from '#shared/ledger/balance-repository.ts';
import { log } from '#shared/log.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { getSandboxSettings } from '#shared/organizations/sandbox-settings.ts';
import { settleDueAt, startPayout } from '#shared/payouts/payout-start.ts';
import {
  AmountAboveMaximumError,
  AmountNotAboveFeeError,
  type FeeSchedule,
  quoteWithdrawal,
} from '#shared/quotes/quote.ts';
import { needsReferenceRates, rateProviderFor } from '#shared/quotes/rates.ts';
import { getReferenceRates } from '#shared/quotes/reference-rate-repository.ts';
import { holdDepositOnSanctionsHit } from '#shared/screening/hold-rules.ts';
import {
  bankSnapshot,
  createdEvent,
  newCompletedDeposit,
  newTransactionRecord,
  quotedFigures,
  toTransaction,
} from '#shared/transactions/new-transaction.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { getTransactionOfCustomer, transactionWrites } from '#shared/transactions/transaction-repository.ts';
import { type InboundTravelRuleWrites, inboundTravelRule } from '#shared/travel-rule/inbound-travel-rule.ts';
import type { AddressLookup } from '#shared/wallets/records.ts';
import { findDepositAddress } from '#shared/wallets/repository.ts';
import { WALLET_NOT_FOUND } from '#shared/wallets/wallet-rules.ts';

/**
 * The one way inbound USDC enters the service (API.md section 7): a chain watcher (sandbox: `POST /sandbox/deposits`)
 * reports a confirmed transfer of `amount` USDC to `address` on `chain`, log `logIndex` of transaction `txHash`. Only
 * an address the platform derived is credited, to the one organization that owns it platform-wide; the transfer
 * becomes a forwarding WITHDRAWAL to the wallet's bank or a DEPOSIT credited to the balance, written in ONE
 * transaction with its ledger movement, its creation event and the platform-wide inbound-transfer item that makes a
 * transfer count once. Every later report of the same chain + txHash + log index answers the same transaction.
 */

export type InboundTransferReport = {
  chain: Chain;
  address: string;
  amount: string;
  txHash: string;
  logIndex: number;
  /** The sending address, screened against the sanctions lists before anything is credited. */
  from?: string | undefined;
  /** Set by a reviewer's release of a transfer the screening held: it is credited as reported. */
  released?: boolean | undefined;
  /**
   * Set by the sandbox route: the report is this organization's, so only its own addresses and transfers are
   * found (another organization's are "not found", exactly as if they did not exist). Unset for a watcher.
   */
  organization?: Organization | undefined;
};

export type InboundResult = { transaction: Transaction; replayed: boolean };

export async function ingestInboundTransfer(deps: Deps, report: InboundTransferReport): Promise<InboundResult> {
  const { chain, logIndex } = report;
  if (!deps.config.supportedChains.includes(chain)) {
    throw new FieldError('chain', `Must be one of: ${deps.config.supportedChains.join(', ')}`);
  }
  const txHash = report.txHash.toLowerCase();
  const reportedBy = report.organization?.organizationId;
  const transfer = { chain, txHash, logIndex };

  // A transfer already processed answers with its transaction, whatever happened to the wallet since.
  const known = await getInboundTransfer(deps.db, transfer);
  if (known) {
    if (reportedBy !== undefined && known.organizationId !== reportedBy) throw WALLET_NOT_FOUND.error();
    return replay(deps, known);
  }

  // Only derived addresses are credited, each to its one owner; a registered destination wallet never is.
  const wallet = await findDepositAddress(deps.db, report.address);
  // Each chain has its own addresses; the same address on another chain is not this wallet's.
  if (!wallet || wallet.chain !== chain) throw WALLET_NOT_FOUND.error();
  if (reportedBy !== undefined && wallet.organizationId !== reportedBy) throw WALLET_NOT_FOUND.error();
  const organization = report.organization ?? (await getOrganization(deps.db, wallet.organizationId));
  if (!organization) throw new Error(`deposit address ${wallet.address} names a missing organization`);
  const { organizationId } = organization;
  // A transfer from a listed address is held (frozen), neither credited nor forwarded, until a reviewer decides.
  if (!report.released) {
    await holdDepositOnSanctionsHit(deps, {
      organizationId,
      customerId: wallet.customerId,
      transfer: { ...report, txHash },
    });
  }
  const [bank, customer] = await Promise.all([
    wallet.bankId ? getBankOfCustomer(deps.db, organizationId, wallet.customerId, wallet.bankId) : undefined,
    getCustomer(deps.db, organizationId, wallet.customerId),
  ]);
  // The customer's developer fee applies to what arrives for it (0 for a customer that is gone: nothing to bill).
  const developerSpreadFeeBps = customer?.developerSpreadFeeBps ?? 0;
  // A disabled customer's USDC is credited, never paid out to its bank.
  const forwards = customer?.enabled !== false;
  const amount = toMicro(report.amount);
  // Every crypto leg carries its Travel Rule data, written with the deposit (a customer that is gone has no KYC left).
  const travelRule = customer
    ? await inboundTravelRule(deps, {
        organization,
        customer,
        transfer,
        to: wallet.address,
        from: report.from,
        amount: formatMicro(amount),
      })
    : undefined;

  return retryOnConflict(async () => {
    for (let attempt = 1; ; attempt++) {
      const now = deps.clock.now();
      // Its first stage, when the watcher sighted it before its confirmations: the credit completes it.
      const sighted = await getDepositStage(deps.db, transfer);
      const plan = await planInbound(deps, {
        sighted,
        organization,
        wallet,
        bank,
        amount,
        developerSpreadFeeBps,
        forwards,
        transfer,
        travelRule,
        now,
      });
      try {
        // Its guards decide (fresh items, the stage read): lost only to a concurrent transaction (reports of one
        // customer's transfers crediting one balance), it is sent again as it was, with nothing read again.
        await retryOnConflict(() => writeGuarded(deps.db, plan.items), RESEND_ATTEMPTS);
      } catch (error) {
        if (!(error instanceof WriteConditionFailedError)) throw error;
        // Two credits of one sighted transfer share its transaction id: any of their guards may be the one reported.
        if (error.role === 'inbound' || error.role === 'transaction' || error.role === 'travelRule') {
          const winner = await getInboundTransfer(deps.db, transfer);
          if (winner) return replay(deps, winner);
        }
        // A drawn transaction reference that is taken is drawn again; a stage that changed since it was read (a
        // sighting or a failure in between) is read again; fresh items fail no other guard.
        if ((error.role !== 'reference' && error.role !== 'stage') || attempt >= 3) throw error;
        continue;
      }
      const record =
        plan.record.status === 'PROCESSING' ? await startPayout(deps, organization, plan.record) : plan.record;
      return { transaction: toTransaction(record), replayed: false };
    }
  });
}

async function replay(deps: Deps, transfer: InboundTransfer): Promise<InboundResult> {
  const transaction = await getTransactionOfCustomer(
    deps.db,
    transfer.organizationId,
    transfer.customerId,
    transfer.transactionId,
  );
  // The inbound item and its transaction are written in one transaction, so this cannot be missing.
  if (!transaction) throw new Error(`inbound transfer ${transfer.txHash} points to a missing transaction`);
  return { transaction: toTransaction(transaction), replayed: true };
}

type Role =
  | 'transaction'
  | 'pointer'
  | 'reference'
  | 'balance'
  | 'developerFees'
  | 'event'
  | 'inbound'
  | 'sweepDue'
  | 'custodyTotals'
  | 'stage'
  | 'pending'
  | 'stageEvent'
  | 'travelRule';

type Plan = { record: TransactionRecord; items: GuardedItem<Role>[] };

type PlanInput = {
  /** The deposit's stage as read, when it was sighted before its confirmations. */
  sighted: DepositStage | undefined;
  organization: Organization;
  wallet: AddressLookup;
  bank: BankRecord | undefined;
  amount: bigint;
  developerSpreadFeeBps: number;
  /** False for a disabled customer: what arrives is credited. */
  forwards: boolean;
  transfer: { chain: Chain; txHash: string; logIndex: number };
  /** The leg's Travel Rule data (`shared/travel-rule/inbound-travel-rule.ts`). */
  travelRule: InboundTravelRuleWrites | undefined;
  now: Date;
};

/**
 * The transaction the transfer becomes, and its writes. A forwarding withdrawal is PROCESSING at once with the
 * arrived amount held as its reservation (credited locked: it never touches what was available, nor the allowance);
 * settlement consumes it, a failed payout releases it to the available balance, so nothing is lost either way. A
 * deposit is COMPLETED with its credit: the watcher reports confirmed transfers only.
 */
async function planInbound(deps: Deps, input: PlanInput): Promise<Plan> {
  const { organization, wallet, bank, amount, developerSpreadFeeBps, forwards, now } = input;
  const usdc = formatMicro(amount);
  const owner = { organizationId: organization.organizationId, customerId: wallet.customerId };
  const outcome = inboundOutcome({
    kind: wallet.kind,
    bankActive: forwards && bank?.status === 'ACTIVE',
    amount: usdc,
  });
  const fees = { ...organization.fees, developerSpreadFeeBps };
  const quote = outcome === 'forward' && bank ? await forwardingQuote(deps, organization, fees, bank, usdc) : undefined;
  const record =
    quote && bank
      ? newTransactionRecord(
          {
            ...owner,
            idempotencyKey: null,
            expiryDueAt: null,
            type: 'WITHDRAWAL',
            status: 'PROCESSING',
            completedAt: null,
            targetCurrency: bank.currency,
            ...quotedFigures(quote, developerSpreadFeeBps),
            withdrawalBank: bankSnapshot(bank),
            reservation: { balance: true, allowancePeriodStart: null },
            settleDueAt: settleDueAt(deps, organization, now),
          },
          now,
        )
      : newCompletedDeposit(owner, usdc, now, { developerSpreadFeeBps });
  const inbound: TransactionRecord = {
    ...record,
    // The id `deposit.status_changed` named at the sighting is the transaction's.
    transactionId: input.sighted?.transactionId ?? record.transactionId,
    walletAddress: wallet.address,
    txHash: input.transfer.txHash,
  };
  return { record: inbound, items: inboundWrites(deps.db, input, inbound, quote !== undefined) };
}

/**
 * The inbound transaction's writes: the transaction, its ledger movement and event, the item that makes the transfer
 * count once, its stage COMPLETED, and for a forwarder what awaits the sweep.
 */
function inboundWrites(
  db: Deps['db'],
  input: PlanInput,
  inbound: TransactionRecord,
  forwarded: boolean,
): GuardedItem<Role>[] {
  const { organization, wallet, amount, now } = input;
  const at = now.toISOString();
  const usdc = formatMicro(amount);
  const owner = { organizationId: organization.organizationId, customerId: wallet.customerId };
  const completed: DepositStage = {
    ...input.transfer,
    blockNumber: input.sighted?.blockNumber ?? null,
    ...owner,
    transactionId: inbound.transactionId,
    address: wallet.address,
    amount: usdc,
    status: 'COMPLETED',
    updatedAt: at,
  };
  return [
    { role: 'transaction', item: transactionWrites.insert(db, inbound) },
    { role: 'pointer', item: transactionWrites.pointer(db, inbound) },
    { role: 'reference', item: transactionWrites.reference(db, inbound) },
    // A forwarding withdrawal earns its developer fee when the payout completes; a deposit at once.
    ...(forwarded
      ? [{ role: 'balance' as const, item: balanceWrites.creditLocked(db, owner, amount, at) }]
      : depositLedger(db, inbound, at)),
    { role: 'event', item: transactionWrites.event(db, createdEvent(inbound, now)) },
    {
      role: 'inbound',
      item: inboundTransferPut(db, {
        organizationId: organization.organizationId,
        ...input.transfer,
        address: wallet.address,
        amount: usdc,
        customerId: wallet.customerId,
        transactionId: inbound.transactionId,
        receivedAt: at,
      }),
    },
    ...depositStageWrites(db, completed, input.sighted?.status ?? null, now),
    ...(input.travelRule?.(inbound.transactionId, now) ?? []),
    // A forwarder's USDC now awaits its sweep to the organization's treasury (custody).
    ...(wallet.forwarder
      ? sweepDueWrites(db, {
          chain: input.transfer.chain,
          organizationId: organization.organizationId,
          address: wallet.address,
          ...wallet.forwarder,
          txHash: input.transfer.txHash,
          logIndex: input.transfer.logIndex,
          amountMicro: amount,
          creditedAt: at,
        })
      : []),
  ];
}

/**
 * The payout quote for the arrived amount, with the organization's fees and rate. An amount the quote refuses
 * (nothing left after the fee, above the per-withdrawal maximum), or a rate no payout may execute on (a stale
 * ECB rate), is not forwarded: it is credited instead.
 */
async function forwardingQuote(
  deps: Deps,
  organization: Organization,
  fees: FeeSchedule,
  bank: BankRecord,
  sourceAmount: string,
) {
  const [sandbox, reference] = await Promise.all([
    organization.environment === 'sandbox' ? getSandboxSettings(deps.db, organization.organizationId) : undefined,
    needsReferenceRates(deps.config, organization) ? getReferenceRates(deps.db) : undefined,
  ]);
  const exchange = rateProviderFor(deps.config, { organization, sandbox, reference, now: deps.clock.now() }).rateFor(
    bank.currency,
  );
  if (exchange.unusable) {
    log.warn('deposit credited, not forwarded: the rate is unusable', { reason: exchange.unusable });
    return undefined;
  }
  try {
    return quoteWithdrawal({
      fees,
      exchangeRate: exchange.rate,
      maxSourceAmount: deps.config.withdrawals.maxAmountUsdc,
      sourceAmount,
    });
  } catch (error) {
    if (error instanceof AmountNotAboveFeeError || error instanceof AmountAboveMaximumError) return undefined;
    throw error;
  }
}
