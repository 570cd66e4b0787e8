import type { PayeeCheckAnswer, PayeeCheckRequest, PayeeVerifier } from '#shared/rails/payee-verification/port.ts';

/**
 * The sandbox stand-in: the answer is chosen by the name, so an integrator can reach every result on purpose.
 * "Close Match" anywhere in the name gives CLOSE_MATCH with the name less those words as the bank's name,
 * "No Match" gives NO_MATCH, "Unavailable" gives NOT_POSSIBLE, any other name MATCH (case-insensitive).
 */
const CLOSE_MATCH = /close match/i;

export function sandboxAnswer(request: Pick<PayeeCheckRequest, 'name'>): PayeeCheckAnswer {
  const { name } = request;
  const answer = { matchedName: null, reason: null, source: 'sandbox' } as const;
  if (CLOSE_MATCH.test(name)) {
    const suggested = name.replace(CLOSE_MATCH, ' ').replace(/\s+/g, ' ').trim();
    return { ...answer, result: 'CLOSE_MATCH', matchedName: suggested || 'A. N. Other' };
  }
  if (/no match/i.test(name)) return { ...answer, result: 'NO_MATCH' };
  if (/unavailable/i.test(name)) {
    return { ...answer, result: 'NOT_POSSIBLE', reason: "The payee's bank could not be reached (sandbox)" };
  }
  return { ...answer, result: 'MATCH' };
}

export const sandboxPayeeVerifier: PayeeVerifier = { verify: async (request) => sandboxAnswer(request) };
