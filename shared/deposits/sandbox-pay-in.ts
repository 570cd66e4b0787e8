import { getBooking } from '#shared/bank-credits/booking-repository.ts';
import { bookingIdOf } from '#shared/bank-credits/credits-of-report.ts';
import { referenceCandidates } from '#shared/bank-credits/reference-match.ts';
import { readItems } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { FOREIGN_REFERENCE, NO_RECEIVING_ACCOUNT, PAY_IN_NOT_APPLIED } from '#shared/deposits/sandbox-pay-in-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { writeCreditReport } from '#shared/rails/bank/credit-report-writer.ts';
import type { ReportAccount } from '#shared/rails/bank/reports.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';

/**
 * `POST /sandbox/bank-credits`: the sandbox bank books a transfer of EUR or USD to the platform's receiving account
 * of that currency, quoting `reference`: a camt.054 with the credit goes into the bank channel's inbox and is applied
 * like any report (shared/bank-credits/), so an integrator sees the path a live credit takes: a DEPOSIT at the
 * on-ramp quote, or the suspense queue with its reason. A reference naming another organization's customer is
 * refused: a sandbox organization pays only its own customers, or nobody.
 */
export type SandboxPayIn = {
  currency: 'EUR' | 'USD';
  amount: string;
  reference: string;
  payerName?: string | undefined;
  payerIban?: string | undefined;
};

const SANDBOX_PAYER_IBAN = 'FR1420041010050500013M02606';

async function assertOwnReference(deps: Deps, organizationId: string, reference: string) {
  const candidates = referenceCandidates([reference]).slice(0, 100);
  if (candidates.length === 0) return;
  const owners = await readItems(
    deps.db,
    Object.fromEntries(
      candidates.map((ref) => [ref, { key: keys.depositReference(ref), parse: (item) => String(item.organizationId) }]),
    ),
  );
  if (Object.values(owners).some((owner) => owner !== undefined && owner !== organizationId)) {
    throw FOREIGN_REFERENCE.error();
  }
}

export async function sandboxPayIn(deps: Deps, organization: Organization, input: SandboxPayIn) {
  await assertOwnReference(deps, organization.organizationId, input.reference);
  const { eurAccount, usdAccount } = deps.config.deposits;
  const account: ReportAccount | undefined =
    input.currency === 'EUR'
      ? eurAccount && { iban: eurAccount.iban }
      : usdAccount && { accountNumber: usdAccount.accountNumber };
  if (!account) throw NO_RECEIVING_ACCOUNT.error(input.currency);
  const now = deps.clock.now();
  const bankReference = `SBX${newId().replace(/-/g, '').slice(0, 24).toUpperCase()}`;
  const channel = bankChannel(deps.config);
  const name = `sandbox-credit-${bankReference}.camt054.xml`;
  await channel.writeInbox(
    name,
    writeCreditReport({
      messageId: `SBX-CREDIT-${bankReference}`.slice(0, 35),
      createdAt: now.toISOString(),
      account,
      entries: [
        {
          bankReference,
          amount: input.amount,
          currency: input.currency,
          bookingDate: now.toISOString().slice(0, 10),
          remittance: [input.reference],
          payer: {
            name: input.payerName ?? 'Sandbox Payer',
            account: { iban: input.payerIban ?? SANDBOX_PAYER_IBAN },
            bic: 'PSSTFRPPXXX',
          },
        },
      ],
    }),
  );
  const outcome = await processInboxReport(deps, channel, name);
  if (outcome.outcome === 'quarantined') throw PAY_IN_NOT_APPLIED.error(outcome.error);
  const booking = await getBooking(deps.db, bookingIdOf(account, bankReference));
  if (!booking) throw PAY_IN_NOT_APPLIED.error('the sandbox bank lost it');
  const deposit =
    booking.transactionId && booking.organizationId && booking.customerId
      ? await getTransactionOfCustomer(deps.db, booking.organizationId, booking.customerId, booking.transactionId)
      : undefined;
  return {
    id: booking.bookingId,
    bankReference,
    status: booking.status,
    reason: booking.reason,
    transaction: deposit ? toTransaction(deposit) : null,
  };
}
