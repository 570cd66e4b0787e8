import type { BankRecord, PayeeVerificationRecord } from '#shared/banks/records.ts';
import type { Deps } from '#shared/deps.ts';
import { toPartyName } from '#shared/rails/bank/characters.ts';
import type { PayeeCheckAnswer } from '#shared/rails/payee-verification/port.ts';
import type { SecretReader } from '#shared/rails/payee-verification/secrets.ts';
import { payeeVerifierFor } from '#shared/rails/payee-verification/verifier-for.ts';

export const NOT_APPLICABLE_REASON =
  'Verification of Payee covers euro credit transfers (SEPA) only; no scheme checks the name on this account';

/** Which answers hold a new bank for a member's confirmation; NOT_POSSIBLE as the organization's setting says. */
function needsConfirmation(answer: PayeeCheckAnswer, whenNotPossible: 'confirm' | 'proceed') {
  if (answer.result === 'CLOSE_MATCH' || answer.result === 'NO_MATCH') return true;
  return answer.result === 'NOT_POSSIBLE' && whenNotPossible === 'confirm';
}

/**
 * Verification of Payee for a bank being registered: a EUR bank with an IBAN is checked with the organization's
 * provider (live; without one NOT_POSSIBLE) or the sandbox stand-in; any other bank is NOT_APPLICABLE and goes on as before. The name asked about is the
 * one its payouts will carry: every rail paying a EUR IBAN writes pain.001, whose creditor name is `toPartyName` of
 * the stored `beneficiaryName` (accents dropped, cut to 70), so a name is never verified in one spelling and paid in
 * another.
 */
export async function verifyPayee(
  deps: Pick<Deps, 'config'> & { readSecret?: SecretReader },
  input: {
    environment: 'sandbox' | 'live';
    bank: Pick<BankRecord, 'currency' | 'iban' | 'bic' | 'beneficiaryName'>;
    party: 'individual' | 'business';
    /** The organization's own NOT_POSSIBLE choice; absent or null, the deployment's. */
    whenNotPossible?: 'confirm' | 'proceed' | null | undefined;
    now: Date;
  },
): Promise<PayeeVerificationRecord> {
  const { bank } = input;
  const checkedAt = input.now.toISOString();
  const decided = { checkedAt, decidedBy: null, decidedAt: null };
  if (bank.currency !== 'EUR' || !bank.iban) {
    return {
      result: 'NOT_APPLICABLE',
      matchedName: null,
      reason: NOT_APPLICABLE_REASON,
      source: 'none',
      confirmation: 'NOT_NEEDED',
      ...decided,
    };
  }
  const verifier = payeeVerifierFor(deps.config, input.environment, deps.readSecret);
  const answer = await verifier.verify({
    iban: bank.iban,
    bic: bank.bic,
    name: toPartyName(bank.beneficiaryName),
    party: input.party,
  });
  const whenNotPossible = input.whenNotPossible ?? deps.config.payeeVerification.whenNotPossible;
  const confirmation = needsConfirmation(answer, whenNotPossible) ? 'AWAITING' : 'NOT_NEEDED';
  return { ...answer, confirmation, ...decided };
}
