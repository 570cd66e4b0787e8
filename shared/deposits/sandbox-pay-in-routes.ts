import { BankCreditStatusSchema } from '#shared/bank-credits/records.ts';
import { FOREIGN_REFERENCE, NO_RECEIVING_ACCOUNT, PAY_IN_NOT_APPLIED } from '#shared/deposits/sandbox-pay-in-rules.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { TransactionSchema } from '#shared/transactions/schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** The sandbox bank's pay-in (`sandbox-pay-in.ts`): a bank transfer booked to the receiving account. */

export const SandboxPayInBody = z
  .strictObject({
    currency: z
      .enum(['EUR', 'USD'], { error: 'Must be EUR or USD' })
      .check(docMeta(OPENAPI_PROSE && { description: 'The currency paid in: EUR (SEPA) or USD (Fedwire)' })),
    amount: z
      .string()
      .check(
        z.regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'Must be a decimal string with at most 2 decimal places' }),
        docMeta(OPENAPI_PROSE && { description: 'The amount paid in', examples: ['100.00'] }),
      ),
    reference: z.string().check(
      z.minLength(1),
      z.maxLength(140),
      docMeta(
        OPENAPI_PROSE && {
          description:
            "The remittance information the payer writes: the customer's deposit reference, as a payer might write it",
          examples: ['Deposit a7b3 c9d2 e1'],
        },
      ),
    ),
    payerName: z.optional(
      z
        .string()
        .check(
          z.minLength(1),
          z.maxLength(70),
          docMeta(
            OPENAPI_PROSE && { description: "The payer's name as the bank reports it; it must fit the customer's" },
          ),
        ),
    ),
    payerIban: z.optional(
      z
        .string()
        .check(
          z.regex(/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/, { error: 'Must be an IBAN' }),
          docMeta(OPENAPI_PROSE && { description: "The payer's account, where a send-back goes" }),
        ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'SandboxPayInRequest',
        examples: [{ currency: 'EUR', amount: '100.00', reference: 'A7B3C9D2E1', payerName: 'Jane Doe' }],
      },
    ),
  );

export const SandboxPayInSchema = z
  .object({
    id: z.string(),
    bankReference: z.string(),
    status: BankCreditStatusSchema,
    reason: z.nullable(z.string()),
    transaction: z.nullable(TransactionSchema),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'SandboxPayIn',
        examples: [
          {
            id: '3f6c0e9d2b7a41c8a5e2d9f0b1c3e4a5',
            bankReference: 'SBX3F6C0E9D2B7A41C8A5E2D9F0',
            status: 'SUSPENSE',
            reason: 'Unknown deposit reference: "INVOICE 12"',
            transaction: null,
          },
        ],
      },
    ),
  );

export const sandboxPayInRoutes = {
  sandboxPayIn: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxPayIn',
    method: 'POST',
    path: '/api/v2/sandbox/bank-credits',
    handler: 'functions/api/deposits/sandbox-pay-in.ts',
    summary: 'Sandbox: a bank transfer of EUR or USD arrives at the receiving account, quoting a reference',
    description:
      OPENAPI_PROSE &&
      "The sandbox bank books the credit in a camt.054 in the bank channel's inbox, applied as a live bank's is: " +
        "quoting a customer's deposit reference (spaces, case and a prefix do not matter) from a payer whose name " +
        'fits the customer (`payerName`; default `Sandbox Payer`, which fits nobody), it becomes a `COMPLETED` ' +
        '`DEPOSIT` at the on-ramp rate (`GET /rates`), with `deposit.created`; otherwise it waits in a suspense queue ' +
        '(`status: "SUSPENSE"`, the `reason`). A reference naming another organization\'s customer: 404.',
    successStatus: 201,
    access: { table: 'readwrite', bankChannel: 'reports' },
    request: { body: SandboxPayInBody },
    responses: { 201: SandboxPayInSchema },
    refusals: [FOREIGN_REFERENCE, NO_RECEIVING_ACCOUNT, PAY_IN_NOT_APPLIED],
  }),
} satisfies Record<string, RouteDefinition>;
