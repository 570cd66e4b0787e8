import { PendingWithdrawalSchema } from '#shared/console/schemas.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/** A withdrawal awaiting signatures as the Approvals page shows it: what the member decides on. */
/** The API key that created a withdrawal (or a batch), as the keys page lists it. */
export const CreatedByKey = z.nullable(z.object({ apiKeyId: z.string(), hint: z.string() })).check(
  docMeta(
    OPENAPI_PROSE && {
      description: 'The API key that created it, as the keys page lists it; null when stored before it was recorded',
    },
  ),
);

export const ApprovalCardSchema = z
  .extend(PendingWithdrawalSchema, {
    batchId: z.nullable(z.string()).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'The withdrawal batch it was created in (null: created alone); the page shows a batch as one card',
        },
      ),
    ),
    customerName: z.nullable(z.string()),
    createdBy: CreatedByKey,
    exchangeRate: z
      .string()
      .check(docMeta(OPENAPI_PROSE && { description: 'Units of `currency` paid per USDC, as quoted and signed' })),
    bic: z.nullable(z.string()),
    waitsBecause: z.array(z.enum(['allowance', 'balance'])).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            "Why it waits, as things stand now: over what the API allowance has left, over the customer's available " +
            'balance (both can apply; empty: it waits only because it was proposed when one of them applied)',
        },
      ),
    ),
    allowanceAvailable: z.string().check(docMeta(OPENAPI_PROSE && { description: 'What the allowance has left now' })),
    balance: z.object({
      available: z.string(),
      after: z
        .nullable(z.string())
        .check(
          docMeta(OPENAPI_PROSE && { description: 'Available after this payout; null when it does not cover it' }),
        ),
      covers: z.boolean().check(
        docMeta(
          OPENAPI_PROSE && {
            description:
              'false: the balance cannot pay it, so signing would end in 409 until the customer is topped up',
          },
        ),
      ),
    }),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleApprovalCard',
        examples: [
          {
            id: '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c',
            reference: 'WD-7K3M-9QX2',
            customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
            status: 'PARTIALLY_SIGNED',
            createdAt: '2026-11-21T10:00:00.000Z',
            sourceAmount: '100.00',
            fee: '1.00',
            amount: '91.08',
            currency: 'EUR',
            beneficiary: 'Ada Lovelace',
            account: 'DE89370400440532013000',
            approvals: [{ approver: 'ada@example.com', approvedAt: '2026-11-21T10:05:00.000Z' }],
            requiredApprovals: 2,
            batchId: null,
            customerName: 'Ada Lovelace',
            createdBy: { apiKeyId: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70', hint: 'sk_sandbox_…x9Qa' },
            exchangeRate: '0.92',
            bic: 'COBADEFFXXX',
            waitsBecause: ['allowance'],
            allowanceAvailable: '10.00',
            balance: { available: '250.00', after: '150.00', covers: true },
          },
        ],
      },
    ),
  );
