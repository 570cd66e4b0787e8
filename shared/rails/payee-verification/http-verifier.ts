import { type PayeeCheckAnswer, type PayeeVerifier, SCHEME_RESULTS } from '#shared/rails/payee-verification/port.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The organization's bank's VoP service over HTTP (`PAYEE_VERIFICATION_URL`). Assumed exchange, one request per
 * check (a bank's own API is mapped onto it by a small adapter at its side):
 *
 *   POST <url>  {"iban": "DE89...", "bic": "COBADEFFXXX" | null, "name": "Ada Lovelace", "party": "individual"}
 *   200         {"result": "MATCH" | "CLOSE_MATCH" | "NO_MATCH" | "NOT_POSSIBLE", "matchedName": "..." (CLOSE_MATCH)}
 *
 * Anything else (no answer within the scheme's 5 seconds, another status, another body) is NOT_POSSIBLE with the
 * reason: a bank that cannot be asked is the scheme's own "not possible", and the organization's setting decides.
 */
export const SCHEME_TIMEOUT_MS = 5000;

export const VopAnswerSchema = z.object({
  result: z.enum(SCHEME_RESULTS),
  matchedName: z.optional(z.nullable(z.string().check(z.minLength(1), z.maxLength(140)))),
});

const notPossible = (reason: string): PayeeCheckAnswer => ({
  result: 'NOT_POSSIBLE',
  matchedName: null,
  reason,
  source: 'bank',
});

export function httpPayeeVerifier(url: string, timeoutMs = SCHEME_TIMEOUT_MS): PayeeVerifier {
  return {
    async verify(request) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        return notPossible("The bank's payee verification service did not answer");
      }
      if (!response.ok) return notPossible(`The bank's payee verification service answered ${response.status}`);
      const parsed = VopAnswerSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) return notPossible("The bank's payee verification answer was not understood");
      const { result, matchedName } = parsed.data;
      return {
        result,
        matchedName: result === 'CLOSE_MATCH' ? (matchedName ?? null) : null,
        reason: null,
        source: 'bank',
      };
    },
  };
}
