import { ApprovalCardSchema, CreatedByKey } from '#shared/console/approval-view-schemas.ts';
import { BatchBindingSchema } from '#shared/console/records.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/** The console's requests and responses for approving a withdrawal batch as one (shared/console/README.md). */

const BATCH = '1f2e3d4c-5b6a-8978-8a7b-6c5d4e3f2a1b';
const TX = '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c';
const CUSTOMER = '3b241101-e2bb-4255-8caf-4136c566a962';
const AT = '2026-11-21T10:00:00.000Z';

export const BatchIdParams = z.strictObject({
  batchId: z
    .uuid()
    .check(
      docMeta(OPENAPI_PROSE && { description: 'The withdrawal batch (`batchId` of its create)', examples: [BATCH] }),
    ),
});

const Total = z.object({ currency: z.string(), amount: z.string() });

export const BatchApprovalCardSchema = z
  .object({
    batchId: z.string(),
    count: z
      .number()
      .check(z.int(), docMeta(OPENAPI_PROSE && { description: 'How many payouts of the batch await signatures' })),
    createdAt: z.string(),
    createdBy: CreatedByKey,
    sourceTotal: z.string().check(docMeta(OPENAPI_PROSE && { description: 'USDC the waiting payouts take' })),
    feeTotal: z.string(),
    totals: z
      .array(Total)
      .check(docMeta(OPENAPI_PROSE && { description: 'What is paid out, per currency of the banks' })),
    customers: z.array(z.object({ customerId: z.string(), name: z.nullable(z.string()) })),
    waitsBecause: z.array(z.enum(['allowance', 'balance'])).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            "As things stand now: the payouts' sum is over what the API allowance has left; some customer's " +
            'available balance does not cover its payout',
        },
      ),
    ),
    allowanceAvailable: z.string(),
    balance: z.object({
      covered: z.number().check(z.int()),
      uncovered: z.number().check(
        z.int(),
        docMeta(
          OPENAPI_PROSE && {
            description: "Payouts their customer's balance does not cover: signing cannot pay them (each says why)",
          },
        ),
      ),
    }),
    requiredApprovals: z.number().check(z.int()),
    signers: z
      .array(z.object({ approver: z.string(), signed: z.number().check(z.int()) }))
      .check(docMeta(OPENAPI_PROSE && { description: 'Who signed, and how many of the waiting payouts each signed' })),
    items: z.array(ApprovalCardSchema),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleBatchApprovalCard',
        description: 'A withdrawal batch whose payouts await signatures, approved with one signature',
        examples: [
          {
            batchId: BATCH,
            count: 1,
            createdAt: AT,
            createdBy: { apiKeyId: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70', hint: 'sk_sandbox_…x9Qa' },
            sourceTotal: '100.00',
            feeTotal: '1.00',
            totals: [{ currency: 'EUR', amount: '91.08' }],
            customers: [{ customerId: CUSTOMER, name: 'Ada Lovelace' }],
            waitsBecause: ['allowance'],
            allowanceAvailable: '10.00',
            balance: { covered: 1, uncovered: 0 },
            requiredApprovals: 2,
            signers: [],
            items: [],
          },
        ],
      },
    ),
  );

const BINDING_EXAMPLE = OPENAPI_PROSE
  ? {
      batchId: BATCH,
      items: [
        {
          transactionId: TX,
          customerId: CUSTOMER,
          amount: '91.08',
          currency: 'EUR',
          beneficiary: 'Ada Lovelace',
          account: 'DE89370400440532013000',
        },
      ],
    }
  : undefined;

export const BatchApprovalOptionsSchema = z
  .object({
    challengeId: z.string(),
    batchBinding: BatchBindingSchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'What the signature approves: the batch and each payout awaiting your signature, as shown',
        },
      ),
    ),
    nonce: z.string(),
    options: z.record(z.string(), z.unknown()),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleBatchApprovalOptions',
        examples: [
          {
            challengeId: '9b2f0c4e-1d3a-4e5f-8a6b-7c8d9e0f1a2b',
            batchBinding: BINDING_EXAMPLE,
            nonce: 'Zx8cV7bN6mQ5wE4rT3yU2iO1pA0sD9fG8hJ7kL6zX5c',
            options: { challenge: 'q2Jk7vX0aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX', userVerification: 'required' },
          },
        ],
      },
    ),
  );

export const BATCH_ITEM_OUTCOMES = ['SIGNED', 'REJECTED', 'SKIPPED'] as const;

export const BatchDecisionSchema = z
  .object({
    batchId: z.string(),
    results: z.array(
      z.object({
        transactionId: z.string(),
        customerId: z.string(),
        outcome: z.enum(BATCH_ITEM_OUTCOMES).check(
          docMeta(
            OPENAPI_PROSE && {
              description:
                'SIGNED: the signature counts for it (PROCESSING once it reaches the approvals required); ' +
                'REJECTED: CANCELLED; SKIPPED: left as it is, `error` says why (no longer awaiting, changed, refused)',
            },
          ),
        ),
        status: z.string().check(
          docMeta(
            OPENAPI_PROSE && {
              description:
                'Its status after the decision (`UNCHANGED`: a payout not reached before the request had to answer, ' +
                'still awaiting signatures)',
            },
          ),
        ),
        error: z.optional(z.string()),
      }),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleBatchDecision',
        examples: [
          {
            batchId: BATCH,
            results: [
              { transactionId: TX, customerId: CUSTOMER, outcome: 'SIGNED', status: 'PROCESSING' },
              {
                transactionId: '7a2d3b0f-5c8e-4f32-8d4b-2e3f4a5b6c7d',
                customerId: '4c352212-f3cc-4366-9dbf-5247d677ba73',
                outcome: 'SKIPPED',
                status: 'CANCELLED',
                error: 'Withdrawal is CANCELLED; it can be signed only while PROPOSED or PARTIALLY_SIGNED',
              },
            ],
          },
        ],
      },
    ),
  );
export type BatchDecision = z.output<typeof BatchDecisionSchema>;
