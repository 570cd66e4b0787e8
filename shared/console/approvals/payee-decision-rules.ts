import { createHash } from 'node:crypto';
import type { PayeeDecision } from '#shared/banks/decide-payee-confirmation.ts';
import type { BankRecord } from '#shared/banks/records.ts';
import { toBase64Url } from '#shared/console/common/passkeys.ts';
import type { PayeeBinding } from '#shared/console/common/records.ts';
import { ConflictError } from '#shared/errors.ts';

export class BankChangedError extends ConflictError {
  constructor() {
    super('Withdrawal bank changed since the decision started; start again');
  }
}

/** What the member is shown and signs: the bank, the name given, the account, the check's answer, the decision. */
export function payeeBindingOf(bank: BankRecord, decision: PayeeDecision, reason: string | null): PayeeBinding {
  return {
    bankId: bank.bankId,
    customerId: bank.customerId,
    beneficiary: bank.beneficiaryName,
    account: bank.iban ?? [bank.accountNumber, bank.routingNumber].filter(Boolean).join(' / '),
    result: bank.payeeVerification?.result ?? '',
    matchedName: bank.payeeVerification?.matchedName ?? '',
    decision,
    reason: reason ?? '',
  };
}

export const samePayeeBinding = (a: PayeeBinding, b: PayeeBinding) =>
  (Object.keys(a) as (keyof PayeeBinding)[]).every((name) => a[name] === b[name]);

/**
 * The challenge of a payee decision, like a withdrawal approval's (`approvalChallenge`): SHA-256 over what the
 * member is shown and a nonce, under its own label, so a signature over one never passes for the other.
 */
export function payeeDecisionChallenge(binding: PayeeBinding, nonce: string): string {
  const canonical = JSON.stringify([
    'payouts-payee-decision-v1',
    binding.bankId,
    binding.customerId,
    binding.beneficiary,
    binding.account,
    binding.result,
    binding.matchedName,
    binding.decision,
    binding.reason,
    nonce,
  ]);
  return toBase64Url(createHash('sha256').update(canonical, 'utf8').digest());
}

/** A bank awaiting confirmation as the console lists it. */
export const payeeConfirmationView = (bank: BankRecord, customerName: string | null) => ({
  bankId: bank.bankId,
  customerId: bank.customerId,
  customerName,
  beneficiaryName: bank.beneficiaryName,
  currency: bank.currency,
  account: bank.iban ?? bank.accountNumber ?? '',
  recipientType: bank.recipientType,
  result: bank.payeeVerification?.result ?? 'NO_MATCH',
  matchedName: bank.payeeVerification?.matchedName ?? null,
  reason: bank.payeeVerification?.reason ?? null,
  checkedAt: bank.payeeVerification?.checkedAt ?? bank.createdAt,
  createdAt: bank.createdAt,
});
