import { Decimal } from 'decimal.js';
import { bookingWrites, listAwaitingSend } from '#shared/bank-credits/booking-repository.ts';
import type { BankCreditRecord } from '#shared/bank-credits/records.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { balanceWrites } from '#shared/ledger/balance-repository.ts';
import { log } from '#shared/log.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { onRampPayload } from '#shared/travel-rule/parties.ts';
import { newTreasurySend } from '#shared/treasury/request-treasury-send.ts';
import { listWalletsOfCustomer } from '#shared/wallets/repository.ts';

/**
 * The onward sends of bank credits (shared/bank-credits/README.md "Onward sends"): a booking credited to a customer
 * who has a destination wallet awaits a send. For each, in ONE guarded transaction: the customer's balance is
 * debited the USDC its deposit credited (never below zero), the treasury send of that USDC to the wallet on its chain
 * is created (named by the deposit, as every on-ramp send), and the booking's `onward` becomes the send's id (guarded
 * on its status and version). So it happens once whatever the number of runs; of two runs at once one writes, the
 * other finds the booking moved on. A balance that no longer covers it (spent meanwhile), a wallet removed or a chain
 * without a treasury leaves the deposit on the balance and says why in `onward` (`NOT_SENT: ...`).
 */

export type OnwardStep = {
  bookingId: string;
  step: 'sent' | 'not-sent' | 'claimed-elsewhere' | 'failed';
  onward?: string;
};

/** Bookings read per page, and at most this many pages a run: the rest waits for the next run. */
const PAGE = 25;
const PAGES_PER_RUN = 4;

export async function sendOnwardCredits(deps: Deps): Promise<OnwardStep[]> {
  const steps: OnwardStep[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < PAGES_PER_RUN; page += 1) {
    const listed = await listAwaitingSend(deps.db, { limit: PAGE, cursor });
    for (const booking of listed.items) {
      try {
        steps.push(await sendOnward(deps, booking));
      } catch (error) {
        log.error('onward send: a booking failed; it is taken up again at the next run', {
          bookingId: booking.bookingId,
          error: error instanceof Error ? error.message : String(error),
        });
        steps.push({ bookingId: booking.bookingId, step: 'failed' });
      }
    }
    cursor = listed.nextCursor;
    if (!cursor) break;
  }
  return steps;
}

async function sendOnward(deps: Deps, booking: BankCreditRecord): Promise<OnwardStep> {
  const { organizationId, customerId, transactionId } = booking;
  if (!organizationId || !customerId || !transactionId) return notSent(deps, booking, 'the booking names no deposit');
  const [organization, customer, deposit, wallets] = await Promise.all([
    getOrganization(deps.db, organizationId),
    getCustomer(deps.db, organizationId, customerId),
    getTransactionOfCustomer(deps.db, organizationId, customerId, transactionId),
    listWalletsOfCustomer(deps.db, organizationId, customerId),
  ]);
  if (!organization || !customer || deposit?.status !== 'COMPLETED') {
    return notSent(deps, booking, 'its deposit is no longer credited');
  }
  // The customer's first destination wallet: the one its on-ramp transfers were registered to go to.
  const wallet = wallets
    .filter((w) => w.kind === 'DESTINATION')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
  if (!wallet) return notSent(deps, booking, 'the customer has no destination wallet');
  if (!organization.treasuries?.[wallet.chain]) {
    return notSent(deps, booking, `the organization has no treasury on ${wallet.chain}`);
  }
  const amount = toMicro(deposit.targetAmount) - toMicro(deposit.developerFee?.amount ?? '0');
  const now = deps.clock.now().toISOString();
  const { send, item } = newTreasurySend(deps, organization, {
    purpose: 'ONRAMP_DEPOSIT',
    chain: wallet.chain,
    destination: wallet.address,
    amountMicro: amount,
    customerId,
    transactionId,
    requestedBy: null,
    travelRule: {
      ivms101: onRampPayload(customer, organization, wallet.address),
      custodian: { type: 'SELF_HOSTED' },
      eurValue: eurValueOf(deps, booking, amount),
      ownershipProvenAt: null,
    },
  });
  try {
    await writeGuarded(deps.db, [
      { role: 'balance', item: balanceWrites.debit(deps.db, { organizationId, customerId }, amount, now) },
      item,
      { role: 'booking', item: bookingWrites.replace(deps.db, booking, moved(booking, send.sendId)) },
    ]);
  } catch (error) {
    if (!(error instanceof WriteConditionFailedError)) throw error;
    if (error.role === 'balance') {
      return notSent(
        deps,
        booking,
        `the balance no longer covers ${formatMicro(amount)} USDC; credited to the balance`,
      );
    }
    return { bookingId: booking.bookingId, step: 'claimed-elsewhere' };
  }
  return { bookingId: booking.bookingId, step: 'sent', onward: send.sendId };
}

const moved = (booking: BankCreditRecord, onward: string): BankCreditRecord => ({
  ...booking,
  onward,
  version: booking.version + 1,
});

/** The Travel Rule's EUR value of the leg: what was paid in EUR, else the USDC at the configured EUR rate. */
const eurValueOf = (deps: Deps, booking: BankCreditRecord, amount: bigint) =>
  booking.currency === 'EUR'
    ? new Decimal(booking.amount).toFixed(2)
    : new Decimal(formatMicro(amount))
        .times(deps.config.withdrawals.exchangeRates.EUR)
        .toDecimalPlaces(2, Decimal.ROUND_UP)
        .toFixed(2);

/** The booking stays credited to the balance, off the list, with why. */
async function notSent(deps: Deps, booking: BankCreditRecord, why: string): Promise<OnwardStep> {
  const onward = `NOT_SENT: ${why}`;
  try {
    await writeGuarded(deps.db, [
      { role: 'booking', item: bookingWrites.replace(deps.db, booking, moved(booking, onward)) },
    ]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError) return { bookingId: booking.bookingId, step: 'claimed-elsewhere' };
    throw error;
  }
  log.warn('onward send: left on the balance', { bookingId: booking.bookingId, onward });
  return { bookingId: booking.bookingId, step: 'not-sent', onward };
}
