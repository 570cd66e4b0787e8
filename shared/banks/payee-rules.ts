import type { BankRecord, PayeeVerificationRecord } from '#shared/banks/records.ts';
import { refusal } from '#shared/errors.ts';

/** What Verification of Payee answered that a member must look at before the bank is used. */
export const PAYEE_UNCONFIRMED = refusal(
  409,
  (result: string) =>
    `Withdrawal bank is PENDING until a member confirms the payee name in the console (Banks to confirm): Verification of Payee answered ${result}`,
  'CLOSE_MATCH',
);
export const PAYEE_CONFIRMATION_NOT_FOUND = refusal(404, 'No withdrawal bank of this organization awaits confirmation');

export const awaitsPayeeConfirmation = (bank: Pick<BankRecord, 'payeeVerification'>) =>
  bank.payeeVerification?.confirmation === 'AWAITING';

/** No payout, and no operator verdict, while a member's confirmation of the payee name is outstanding. */
export function assertPayeeSettled(bank: Pick<BankRecord, 'payeeVerification'>) {
  if (awaitsPayeeConfirmation(bank)) throw PAYEE_UNCONFIRMED.error(bank.payeeVerification?.result ?? 'NO_MATCH');
}

/** The bank's events carry the check: result, and the name the payee's bank holds on a close match. */
export const payeeEventData = (verification: PayeeVerificationRecord | undefined) =>
  verification
    ? {
        payee_verification: {
          result: verification.result,
          matched_name: verification.matchedName,
          confirmation: verification.confirmation,
        },
      }
    : {};
