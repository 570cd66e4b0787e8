import { awaitsPayeeConfirmation } from '#shared/banks/payee-rules.ts';
import type { BankRecord } from '#shared/banks/records.ts';
import { getBankOfCustomer } from '#shared/banks/repository.ts';
import { listBanksAwaitingReview } from '#shared/banks/review-queue.ts';
import { customerNames } from '#shared/console/common/customer-names.ts';
import type { Deps } from '#shared/deps.ts';
import { heldByScreening, MAX_LISTED } from '#shared/reviews/awaiting-review.ts';

const bankView = (bank: BankRecord, customerName: string | null) => ({
  bankId: bank.bankId,
  customerId: bank.customerId,
  customerName,
  beneficiaryName: bank.beneficiaryName,
  recipientType: bank.recipientType,
  paymentRail: bank.paymentRail,
  currency: bank.currency,
  iban: bank.iban,
  accountNumber: bank.accountNumber,
  bic: bank.bic,
  bankName: bank.bankName ?? null,
  bankCountry: bank.bankCountry ?? null,
  country: bank.country,
  createdAt: bank.createdAt,
});

/**
 * The withdrawal banks waiting for the organization's review (third parties' and SWIFT banks), oldest first. A bank
 * Verification of Payee holds is a member's passkey decision first (Banks to confirm), and one sanctions screening
 * holds is the screening review's first (Screening), so neither is listed here.
 */
export async function listBankQueue(deps: Pick<Deps, 'db'>, organizationId: string) {
  const [entries, held] = await Promise.all([
    listBanksAwaitingReview(deps.db, organizationId, MAX_LISTED),
    heldByScreening(deps, organizationId),
  ]);
  const [banks, names] = await Promise.all([
    Promise.all(entries.map((e) => getBankOfCustomer(deps.db, organizationId, e.customerId, e.bankId))),
    customerNames(deps.db, organizationId, entries),
  ]);
  return banks.flatMap((bank) =>
    bank?.status === 'PENDING' && !awaitsPayeeConfirmation(bank) && !held.banks.has(bank.bankId)
      ? [bankView(bank, names.get(bank.customerId) ?? null)]
      : [],
  );
}
