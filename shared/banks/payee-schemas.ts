import { PayeeVerificationRecordSchema, PrenoteRecordSchema } from '#shared/banks/records.ts';
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

/** The bank's ACH prenote, as answered on the bank object (null until one is requested). */
export const PrenoteSchema = z.nullable(
  PrenoteRecordSchema.check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'Prenote',
        description: [
          'ACH prenote (USD banks of organizations paying USD by ACH): a zero-dollar entry to the account, requested',
          'with `POST .../withdrawal/banks/{bankId}/prenote`. REQUESTED: in the next NACHA file; SENT: out (`fileId`,',
          '`sentAt`), CONFIRMED once `confirmAfter` passes without a return; FAILED: the receiving bank returned it',
          '(`returnCode`, `reason`, e.g. `R03: No account/unable to locate account`). The bank is not held meanwhile.',
        ].join(' '),
        examples: [
          {
            status: 'SENT',
            reference: 'PN-3F9A0C12B7E4',
            requestedAt: '2026-11-23T10:00:00.000Z',
            fileId: '0f3c9a8e5b7d4c1a9e2f6b8d0c4a7e13',
            sentAt: '2026-11-23T10:00:05.000Z',
            confirmAfter: '2026-11-27T23:59:59.999Z',
            returnCode: null,
            reason: null,
            settledAt: null,
          },
        ],
      },
    ),
  ),
);
