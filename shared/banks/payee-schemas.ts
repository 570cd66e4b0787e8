import { PayeeVerificationRecordSchema } from '#shared/banks/records.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/** The bank's Verification of Payee, as answered on the bank object (null on banks registered before it). */
export const PayeeVerificationSchema = z.nullable(
  PayeeVerificationRecordSchema.check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'PayeeVerification',
        description: [
          "Verification of Payee: the payee's bank's answer to whether `beneficiaryName` holds the IBAN (EUR banks).",
          '`result`: MATCH (the bank goes on as usual), CLOSE_MATCH (`matchedName` is the name the bank holds),',
          "NO_MATCH, NOT_POSSIBLE (the payee's bank could not answer; `reason`), NOT_APPLICABLE (USD banks: no scheme",
          'checks US accounts; `reason`). CLOSE_MATCH and NO_MATCH (NOT_POSSIBLE as the deployment is set up) keep',
          'the bank `PENDING` with `confirmation: AWAITING` until a member confirms or rejects it with a passkey in the',
          'console ("Banks to confirm"); meanwhile withdrawals to it are refused (409). `source`: `bank`, `sandbox`',
          '(sandbox organizations: a name containing "Close Match", "No Match" or "Unavailable" gives that answer,',
          'any other MATCH) or `none`.',
        ].join(' '),
        examples: [
          {
            result: 'CLOSE_MATCH',
            matchedName: 'Ada Lovelace',
            reason: null,
            source: 'sandbox',
            checkedAt: '2026-11-21T10:00:00.000Z',
            confirmation: 'AWAITING',
            decidedBy: null,
            decidedAt: null,
          },
        ],
      },
    ),
  ),
);
