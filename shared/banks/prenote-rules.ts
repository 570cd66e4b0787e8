import type { BankRecord } from '#shared/banks/records.ts';
import { refusal } from '#shared/errors.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { payoutRail, railNamed } from '#shared/rails/bank/rails.ts';

/** Who may get an ACH prenote: a US domestic account, paid by ACH from the organization's USD payout account. */
export const PRENOTE_NOT_ACH = refusal(
  409,
  'A prenote is sent through ACH: the organization must pay USD by ACH (payout account "domesticRail":"ACH") to a USD bank with a routing and account number',
);
export const PRENOTE_OUTSTANDING = refusal(
  409,
  (status: string) => `This bank's prenote is ${status}; a new one can be requested once it is CONFIRMED or FAILED`,
  'SENT',
);

export function assertPrenoteAllowed(bank: BankRecord, organization: Pick<Organization, 'payoutAccounts'>) {
  // The rail the organization's USD payout account pays this bank by: only one that sends prenotes (ACH) checks it.
  const rail = railNamed(payoutRail(bank.paymentRail, { instant: false, debtor: organization.payoutAccounts?.USD }));
  if (
    !rail.sendsPrenotes ||
    !rail.currencies.includes(bank.currency) ||
    !bank.routingNumber ||
    !bank.accountNumber ||
    bank.status === 'REJECTED'
  ) {
    throw PRENOTE_NOT_ACH.error();
  }
  const status = bank.prenote?.status;
  if (status === 'REQUESTED' || status === 'SENT') throw PRENOTE_OUTSTANDING.error(status);
}
