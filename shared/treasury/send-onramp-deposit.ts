import { requireCustomer } from '#shared/customers/require-customer.ts';
import { type GuardedItem, retryOnConflict, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { toMicro } from '#shared/money/micro.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { createdEvent, newCompletedDeposit, toTransaction } from '#shared/transactions/new-transaction.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { transactionWrites } from '#shared/transactions/transaction-repository.ts';
import { eurValueOf, onRampPayload } from '#shared/travel-rule/parties.ts';
import type { Custodian } from '#shared/treasury/records.ts';
import { newTreasurySend } from '#shared/treasury/request-treasury-send.ts';
import { getWalletOfCustomer } from '#shared/wallets/destination-wallet-repository.ts';
import { WALLET_NOT_FOUND } from '#shared/wallets/wallet-rules.ts';

/**
 * The hook of an on-ramp deposit whose USDC goes to one of the customer's destination wallets instead of its
 * balance: the `DEPOSIT` is recorded PROCESSING (with `deposit.created`) together with a treasury send of its USDC,
 * less the developer fee, to the wallet's address on the wallet's chain, with its Travel Rule data. The send runner
 * completes the deposit with the send's `txHash` once mined. A bank credit that names a destination wallet calls
 * this where it would credit the balance; the sandbox's on-ramp route calls it for a simulated payment.
 */
export async function sendOnRampDeposit(
  deps: Deps,
  input: {
    organizationId: string;
    customerId: string;
    walletId: string;
    /** USDC bought, a decimal string. */
    amount: string;
    /** What the customer paid, in EUR (the self-hosted threshold); absent, the USDC at the configured EUR rate. */
    eurValue?: string;
    depositInstructions?: TransactionRecord['depositInstructions'];
    custodian?: Custodian;
  },
): Promise<{ transaction: Transaction; sendId: string }> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  const wallet = await getWalletOfCustomer(deps.db, input.organizationId, input.customerId, input.walletId);
  if (wallet?.kind !== 'DESTINATION') throw WALLET_NOT_FOUND.error();
  const organization = await getOrganization(deps.db, input.organizationId);
  if (!organization) throw WALLET_NOT_FOUND.error();
  const custodian = input.custodian ?? { type: 'SELF_HOSTED' as const };
  const eurValue = input.eurValue ?? eurValueOf(deps, input.amount);
  return retryOnConflict(async () => {
    const now = deps.clock.now();
    const completed = newCompletedDeposit(
      { organizationId: input.organizationId, customerId: customer.customerId },
      input.amount,
      now,
      {
        depositInstructions: input.depositInstructions ?? {
          accountType: 'sharedAccount',
          reference: customer.depositReference,
        },
        developerSpreadFeeBps: customer.developerSpreadFeeBps,
      },
    );
    const deposit: TransactionRecord = { ...completed, status: 'PROCESSING', completedAt: null };
    const { send, item } = newTreasurySend(deps, organization, {
      purpose: 'ONRAMP_DEPOSIT',
      chain: wallet.chain,
      destination: wallet.address,
      amountMicro: toMicro(deposit.targetAmount) - toMicro(deposit.developerFee?.amount ?? '0'),
      customerId: customer.customerId,
      transactionId: deposit.transactionId,
      requestedBy: null,
      travelRule: {
        ivms101: onRampPayload(customer, organization, wallet.address),
        custodian,
        eurValue,
        ownershipProvenAt: null,
      },
    });
    const items: GuardedItem<string>[] = [
      { role: 'transaction', item: transactionWrites.insert(deps.db, deposit) },
      { role: 'pointer', item: transactionWrites.pointer(deps.db, deposit) },
      { role: 'reference', item: transactionWrites.reference(deps.db, deposit) },
      item,
      { role: 'event', item: transactionWrites.event(deps.db, createdEvent(deposit, now)) },
    ];
    // Fresh ids: only a taken reference (one in billions) can fail a guard here, and the request is then retried.
    await writeGuarded(deps.db, items);
    return { transaction: toTransaction(deposit), sendId: send.sendId };
  });
}
