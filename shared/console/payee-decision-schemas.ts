import { RecipientTypeSchema } from '#shared/banks/records.ts';
import { ASSERTION_EXAMPLE, AuthenticationResponseSchema } from '#shared/console/passkey-schemas.ts';
import { PayeeBindingSchema } from '#shared/console/records.ts';
import { PayeeCheckResultSchema } from '#shared/rails/payee-verification/port.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/** The console's "Banks to confirm" requests and responses (Verification of Payee). */

const BANK = '9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60';
const CUSTOMER = '3b241101-e2bb-4255-8caf-4136c566a962';

export const BankIdParams = z.strictObject({
  bankId: z.uuid().check(docMeta(OPENAPI_PROSE && { description: 'The withdrawal bank', examples: [BANK] })),
});

export const PayeeConfirmationSchema = z
  .object({
    bankId: z.string(),
    customerId: z.string(),
    customerName: z
      .nullable(z.string())
      .check(docMeta(OPENAPI_PROSE && { description: "The customer's name (null: the customer is gone)" })),
    beneficiaryName: z.string(),
    currency: z.string(),
    account: z.string(),
    recipientType: RecipientTypeSchema,
    result: PayeeCheckResultSchema,
    matchedName: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    checkedAt: z.string(),
    createdAt: z.string(),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsolePayeeConfirmation',
        examples: [
          {
            bankId: BANK,
            customerId: CUSTOMER,
            customerName: 'Ada Lovelace',
            beneficiaryName: 'Ada Close Match Lovelace',
            currency: 'EUR',
            account: 'DE89370400440532013000',
            recipientType: 'OTHER_INDIVIDUAL',
            result: 'CLOSE_MATCH',
            matchedName: 'Ada Lovelace',
            reason: null,
            checkedAt: '2026-11-21T10:00:00.000Z',
            createdAt: '2026-11-21T10:00:00.000Z',
          },
        ],
      },
    ),
  );

export const StartPayeeDecisionBody = z
  .strictObject({
    decision: z.enum(['CONFIRM', 'REJECT']).check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'CONFIRM: the bank goes on (ACTIVE, or on to review); REJECT: it is REJECTED',
        },
      ),
    ),
    reason: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1),
          z.maxLength(500),
          docMeta(OPENAPI_PROSE && { description: 'Why (signed, audited, and the rejected bank’s `rejectionReason`)' }),
        ),
    ),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'ConsoleStartPayeeDecisionRequest', examples: [{ decision: 'CONFIRM' }] }));

export const PayeeDecisionOptionsSchema = z
  .object({
    challengeId: z.string(),
    binding: PayeeBindingSchema,
    nonce: z.string(),
    options: z.record(z.string(), z.unknown()),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsolePayeeDecisionOptions',
        examples: [
          {
            challengeId: '9b2f0c4e-1d3a-4e5f-8a6b-7c8d9e0f1a2b',
            binding: {
              bankId: BANK,
              customerId: CUSTOMER,
              beneficiary: 'Ada Close Match Lovelace',
              account: 'DE89370400440532013000',
              result: 'CLOSE_MATCH',
              matchedName: 'Ada Lovelace',
              decision: 'CONFIRM',
              reason: '',
            },
            nonce: 'Zx8cV7bN6mQ5wE4rT3yU2iO1pA0sD9fG8hJ7kL6zX5c',
            options: {
              challenge: 'q2Jk7vX0aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX',
              rpId: 'localhost',
              userVerification: 'required',
            },
          },
        ],
      },
    ),
  );

export const SignPayeeDecisionBody = z
  .strictObject({
    challengeId: z.uuid().check(docMeta(OPENAPI_PROSE && { description: 'The challenge the options were made for' })),
    response: AuthenticationResponseSchema,
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleSignPayeeDecisionRequest',
        examples: [{ challengeId: '9b2f0c4e-1d3a-4e5f-8a6b-7c8d9e0f1a2b', response: ASSERTION_EXAMPLE }],
      },
    ),
  );
