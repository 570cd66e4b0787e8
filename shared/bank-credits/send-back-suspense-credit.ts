import {
  resolved,
  type SuspenseDecisionInput,
  suspenseCreditFor,
} from '#shared/bank-credits/assign-suspense-credit.ts';
import { bookingWrites, getBooking } from '#shared/bank-credits/booking-repository.ts';
import { type BankCreditRecord, PLATFORM_QUEUE } from '#shared/bank-credits/records.ts';
import { sendBackReference } from '#shared/bank-credits/send-back-reference.ts';
import { NOT_IN_SUSPENSE, NOT_SENDABLE } from '#shared/bank-credits/suspense-rules.ts';
import { type Alongside, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import type { BankChannel, ChannelScope } from '#shared/rails/bank/channel.ts';
import {
  type Creditor,
  type PaymentFile,
  type PayoutAccount,
  UnwritablePaymentError,
} from '#shared/rails/bank/payment-file.ts';
import type { RailName } from '#shared/rails/bank/rail.ts';
import { writeRailFile } from '#shared/rails/bank/rail-files.ts';
import { RAILS } from '#shared/rails/bank/rails.ts';

/**
 * A person sends a credit waiting in suspense back to its payer, with a reason: a payment of the same amount to the
 * payer's account on the rail the money came by, from the account it was paid to, in that rail's file in the bank
 * channel's outbox. The booking becomes SENT_BACK (with the file) in one transaction with the audit entry, and only
 * then is the file written: of a decision to assign and one to send back, one wins and no money leaves twice. A file
 * that failed to be written after the decision is written again, byte for byte, by asking again.
 */

/**
 * Whose outbox a send-back goes to: the platform's (`<environment>/PLATFORM/outbox/`), as the money leaves the
 * platform's receiving account, not an organization's payout account; the environment is that of the organization
 * whose customer the credit named, live when it named none. An organization's own prefix holds only its payment
 * files, the ones its mover carries.
 */
async function sendBackScope(deps: Deps, booking: BankCreditRecord): Promise<ChannelScope> {
  const organization = booking.organizationId ? await getOrganization(deps.db, booking.organizationId) : undefined;
  return { environment: organization?.environment ?? 'live', organizationId: PLATFORM_QUEUE };
}

/** The platform's receiving account of the currency: the money goes back from where it came in. */
function debtorOf(deps: Deps, booking: BankCreditRecord): PayoutAccount | string {
  const { eurAccount, usdAccount } = deps.config.deposits;
  if (booking.currency === 'EUR' && eurAccount) {
    return { currency: 'EUR', name: eurAccount.accountName, iban: eurAccount.iban, bic: eurAccount.bic ?? null };
  }
  if (booking.currency === 'USD' && usdAccount) {
    return {
      currency: 'USD',
      name: usdAccount.accountName,
      accountNumber: usdAccount.accountNumber,
      routingNumber: usdAccount.routingNumber,
    };
  }
  return `there is no receiving account in ${booking.currency} to send it from`;
}

function creditorOf(booking: BankCreditRecord): Creditor | string {
  if (!booking.payerName) return 'the payer is not named';
  if (!booking.payerAccount) return "the payer's account is not known";
  const iban = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(booking.payerAccount) ? booking.payerAccount : null;
  return {
    name: booking.payerName.slice(0, 70),
    kind: 'individual',
    iban,
    accountNumber: iban ? null : booking.payerAccount,
    bic: booking.payerBic,
    routingNumber: booking.payerBankId && /^\d{9}$/.test(booking.payerBankId) ? booking.payerBankId : null,
    address: null,
  };
}

/** The send-back's file, or why it cannot be written. */
function sendBackFile(deps: Deps, booking: BankCreditRecord, now: Date): { name: string; xml: string } | string {
  const rail: RailName | null = booking.rail;
  if (!rail) return `${booking.currency} came by no rail the service pays on`;
  const debtor = debtorOf(deps, booking);
  if (typeof debtor === 'string') return debtor;
  const creditor = creditorOf(booking);
  if (typeof creditor === 'string') return creditor;
  const messageId = `SB${booking.bookingId}`.slice(0, 35);
  const file: PaymentFile = {
    messageId,
    createdAt: now.toISOString(),
    executionDate: now.toISOString().slice(0, 10),
    initiatingParty: debtor.name,
    debtor,
    payments: [
      {
        endToEndId: sendBackReference(booking.bookingId),
        amount: booking.amount,
        creditor,
        remittance: `Returned: ${booking.remittance.join(' ')}`.slice(0, 140),
      },
    ],
  };
  try {
    const xml = writeRailFile(rail, file, { createdAt: now, debtor, settlementDate: file.executionDate });
    return { name: `${messageId}.${RAILS[rail].file.extension}`, xml };
  } catch (error) {
    if (error instanceof UnwritablePaymentError) return error.message;
    throw error;
  }
}

export async function sendBackSuspenseCredit(
  deps: Deps,
  channel: BankChannel,
  input: SuspenseDecisionInput,
  audited?: Alongside,
): Promise<BankCreditRecord> {
  const stored = await getBooking(deps.db, input.bookingId);
  // Asked again after the decision: the file is written again from what was decided.
  if (stored?.status === 'SENT_BACK' && stored.sendBack && (input.queue === 'ANY' || stored.queue === input.queue)) {
    await channel.writeOutbox(await sendBackScope(deps, stored), stored.sendBack.fileName, stored.sendBack.xml);
    return stored;
  }
  const booking = await suspenseCreditFor(deps, input);
  const now = deps.clock.now();
  const file = sendBackFile(deps, booking, now);
  if (typeof file === 'string') throw NOT_SENDABLE.error(file);
  const at = now.toISOString();
  const next: BankCreditRecord = {
    ...resolved(booking, input, at),
    status: 'SENT_BACK',
    sendBack: { endToEndId: sendBackReference(booking.bookingId), fileName: file.name, xml: file.xml, at },
  };
  try {
    await writeGuarded(deps.db, [
      { role: 'booking', item: bookingWrites.replace(deps.db, booking, next) },
      ...(audited?.(booking.bookingId, {
        reason: input.reason,
        bankReference: booking.bankReference,
        file: file.name,
      }) ?? []),
    ]);
  } catch (error) {
    if (!(error instanceof WriteConditionFailedError && error.role === 'booking')) throw error;
    throw NOT_IN_SUSPENSE.error((await getBooking(deps.db, booking.bookingId))?.status ?? 'gone');
  }
  await channel.writeOutbox(await sendBackScope(deps, next), file.name, file.xml);
  return next;
}
