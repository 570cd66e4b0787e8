import type { PayeeCheckAnswer, PayeeVerifier, SCHEME_RESULTS } from '#shared/rails/payee-verification/port.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The Verification of Payee provider over HTTP (`PAYEE_VERIFICATION_URL`), authenticated with a bearer key read
 * through the secrets port. The exchange, one request per check, answers in the EPC scheme's codes:
 *
 *   POST <url>  Authorization: Bearer <key>
 *               {"iban": "DE89...", "bic": "COBADEFFXXX" | null, "name": "Ada Lovelace", "party": "individual"}
 *   200         {"result": "MTCH" | "CMTC" | "NMTC" | "NOAP", "matchedName": "..." (CMTC), "reason": "..." (NOAP)}
 *
 * Anything else (no answer within the scheme's 5 seconds, a refused key, another status, another body, a key that
 * cannot be read) is NOT_POSSIBLE with the reason: a provider that cannot be asked is the scheme's own "not
 * possible", and the organization's setting decides.
 */
export const SCHEME_TIMEOUT_MS = 5000;

/** The EPC VOP scheme's answer codes and ours. */
export const EPC_RESULT_CODES = {
  MTCH: 'MATCH',
  CMTC: 'CLOSE_MATCH',
  NMTC: 'NO_MATCH',
  NOAP: 'NOT_POSSIBLE',
} as const satisfies Record<string, (typeof SCHEME_RESULTS)[number]>;
export type EpcResultCode = keyof typeof EPC_RESULT_CODES;
const EPC_CODES = Object.keys(EPC_RESULT_CODES) as [EpcResultCode, ...EpcResultCode[]];

const Text = z.string().check(z.minLength(1), z.maxLength(140));
export const VopAnswerSchema = z.object({
  result: z.enum(EPC_CODES),
  matchedName: z.optional(z.nullable(Text)),
  reason: z.optional(z.nullable(Text)),
});

const notPossible = (reason: string): PayeeCheckAnswer => ({
  result: 'NOT_POSSIBLE',
  matchedName: null,
  reason,
  source: 'bank',
});

export type HttpVerifierOptions = {
  url: string;
  /** The provider's API key (the secrets port; read per check, cached by the port). */
  apiKey: () => Promise<string>;
  timeoutMs?: number;
};

async function ask(options: HttpVerifierOptions, body: string, signal: AbortSignal) {
  let key: string;
  try {
    key = await options.apiKey();
  } catch {
    return notPossible("The payee verification provider's key could not be read");
  }
  let response: Response;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${key}` },
      body,
      signal,
    });
  } catch {
    return notPossible('The payee verification provider did not answer');
  }
  if (response.status === 401 || response.status === 403) {
    return notPossible(`The payee verification provider refused our key (${response.status})`);
  }
  if (!response.ok) return notPossible(`The payee verification provider answered ${response.status}`);
  const parsed = VopAnswerSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) return notPossible("The payee verification provider's answer was not understood");
  const { result: code, matchedName, reason } = parsed.data;
  const result = EPC_RESULT_CODES[code];
  return {
    result,
    matchedName: result === 'CLOSE_MATCH' ? (matchedName ?? null) : null,
    reason: result === 'NOT_POSSIBLE' ? (reason ?? "The payee's bank could not answer (NOAP)") : null,
    source: 'bank',
  } satisfies PayeeCheckAnswer;
}

export function httpPayeeVerifier(options: HttpVerifierOptions): PayeeVerifier {
  const timeoutMs = options.timeoutMs ?? SCHEME_TIMEOUT_MS;
  return {
    async verify(request) {
      // One budget for the whole check, the key's read included.
      const signal = AbortSignal.timeout(timeoutMs);
      const late = new Promise<PayeeCheckAnswer>((resolve) =>
        signal.addEventListener('abort', () => resolve(notPossible('The payee verification provider did not answer'))),
      );
      return Promise.race([ask(options, JSON.stringify(request), signal), late]);
    },
  };
}
