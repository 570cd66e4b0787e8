import * as z from '#shared/validation/zod.ts';

/**
 * The Verification of Payee port: before a euro credit transfer, the payer's bank asks the payee's bank whether the
 * name belongs to the IBAN (EPC VOP scheme, mandatory in the EU since 9 October 2025). For live organizations the
 * configured provider answers (`http-verifier.ts`), and without one the check is NOT_POSSIBLE; for sandbox
 * organizations the stand-in of `sandbox-verifier.ts` answers from the name alone.
 */

/** The scheme's four answers. */
export const SCHEME_RESULTS = ['MATCH', 'CLOSE_MATCH', 'NO_MATCH', 'NOT_POSSIBLE'] as const;
/** The scheme's answers and ours for an account no scheme covers (USD: no US bank answers a name check). */
export const PayeeCheckResultSchema = z.enum([...SCHEME_RESULTS, 'NOT_APPLICABLE']);
export type PayeeCheckResult = z.infer<typeof PayeeCheckResultSchema>;

export type PayeeCheckRequest = {
  iban: string;
  bic: string | null;
  /** The payee's name as the payouts' files will pay it (`toPartyName` of the beneficiary name). */
  name: string;
  /** Natural person or organisation: the scheme compares their names differently. */
  party: 'individual' | 'business';
};

export type PayeeCheckAnswer = {
  result: PayeeCheckResult;
  /** CLOSE_MATCH: the name the payee's bank holds, to show the payer; otherwise null. */
  matchedName: string | null;
  /** Why the check could not be made (NOT_POSSIBLE, NOT_APPLICABLE); otherwise null. */
  reason: string | null;
  /** Which verifier answered: the provider (`bank`), the stand-in (`sandbox`), or none (`none`: no provider). */
  source: 'bank' | 'sandbox' | 'none';
};

export type PayeeVerifier = { verify: (request: PayeeCheckRequest) => Promise<PayeeCheckAnswer> };
