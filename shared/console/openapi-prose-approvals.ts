import { ApprovalCardSchema, CreatedByKey } from '#shared/console/approvals/approval-view-schemas.ts';
import {
  AssignSuspenseBody,
  BookingIdParams,
  SendBackSuspenseBody,
  SuspenseCreditSchema,
  SuspenseListSchema,
} from '#shared/console/approvals/bank-credits-schemas.ts';
import {
  BatchApprovalCardSchema,
  BatchApprovalOptionsSchema,
  BatchDecisionSchema,
  BatchIdParams,
} from '#shared/console/approvals/batch-approval-schemas.ts';
import {
  BankIdParams,
  PayeeConfirmationSchema,
  PayeeDecisionOptionsSchema,
  SignPayeeDecisionBody,
  StartPayeeDecisionBody,
} from '#shared/console/approvals/payee-decision-schemas.ts';
import { ASSERTION_EXAMPLE } from '#shared/console/openapi-prose-identity.ts';
import { SEPA } from '#shared/rails/bank/rail.ts';
import { type DescribedSchema, schemaProse } from '#shared/routing/prose.ts';

const BATCH = '1f2e3d4c-5b6a-8978-8a7b-6c5d4e3f2a1b';
const TX = '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c';
const CUSTOMER = '3b241101-e2bb-4255-8caf-4136c566a962';
const BANK = '9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60';
const AT = '2026-11-21T10:00:00.000Z';

const BINDING_EXAMPLE = {
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
};

const BANK_CREDIT_EXAMPLE = {
  id: '3f6c0e9d2b7a41c8a5e2d9f0b1c3e4a5',
  status: 'SUSPENSE' as const,
  bookedAt: '2026-11-27T00:00:00.000Z',
  amount: '100.00',
  currency: 'EUR',
  account: 'DE89370400440532013000',
  bankReference: '2026112700001234',
  remittance: ['A7B3C9D2E1'],
  payerName: 'JOHN SMITH',
  payerAccount: 'FR1420041010050500013M02606',
  reason: 'The payer "JOHN SMITH" is not the customer',
  rail: SEPA,
  customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
  resolution: null,
  transactionId: null,
  sentBackAs: null,
};

/** The OpenAPI words of the console's approvals schemas (spread into `openapi-prose.ts`). */
export const approvalsSchemaProse: readonly DescribedSchema[] = [
  schemaProse(BookingIdParams, {
    shape: { bookingId: { description: 'The bank credit: its `id` in the suspense queue' } },
  }),
  // The two bodies share their `reason` schema: described once, here.
  schemaProse(AssignSuspenseBody, {
    id: 'ConsoleAssignBankCreditRequest',
    shape: { reason: { description: 'Why (audited)', examples: ['Customer confirmed the payment by phone'] } },
  }),
  schemaProse(SendBackSuspenseBody, { id: 'ConsoleSendBackBankCreditRequest' }),
  schemaProse(SuspenseCreditSchema, { id: 'ConsoleBankCredit', examples: [BANK_CREDIT_EXAMPLE] }),
  schemaProse(SuspenseListSchema, { examples: [{ items: [BANK_CREDIT_EXAMPLE], nextCursor: null }] }),
  schemaProse(CreatedByKey, {
    description: 'The API key that created it, as the keys page lists it; null when stored before it was recorded',
  }),
  schemaProse(ApprovalCardSchema, {
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
    shape: {
      batchId: {
        description: 'The withdrawal batch it was created in (null: created alone); the page shows a batch as one card',
      },
      exchangeRate: { description: 'Units of `currency` paid per USDC, as quoted and signed' },
      waitsBecause: {
        description:
          "Why it waits, as things stand now: over what the API allowance has left, over the customer's available " +
          'balance (both can apply; empty: it waits only because it was proposed when one of them applied)',
      },
      allowanceAvailable: { description: 'What the allowance has left now' },
      balance: {
        shape: {
          after: { description: 'Available after this payout; null when it does not cover it' },
          covers: {
            description:
              'false: the balance cannot pay it, so signing would end in 409 until the customer is topped up',
          },
        },
      },
    },
  }),
  schemaProse(BatchIdParams, {
    shape: { batchId: { description: 'The withdrawal batch (`batchId` of its create)', examples: [BATCH] } },
  }),
  schemaProse(BatchApprovalCardSchema, {
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
    shape: {
      count: { description: 'How many payouts of the batch await signatures' },
      sourceTotal: { description: 'USDC the waiting payouts take' },
      totals: { description: 'What is paid out, per currency of the banks' },
      waitsBecause: {
        description:
          "As things stand now: the payouts' sum is over what the API allowance has left; some customer's " +
          'available balance does not cover its payout',
      },
      balance: {
        shape: {
          uncovered: {
            description: "Payouts their customer's balance does not cover: signing cannot pay them (each says why)",
          },
        },
      },
      signers: { description: 'Who signed, and how many of the waiting payouts each signed' },
    },
  }),
  schemaProse(BatchApprovalOptionsSchema, {
    id: 'ConsoleBatchApprovalOptions',
    examples: [
      {
        challengeId: '9b2f0c4e-1d3a-4e5f-8a6b-7c8d9e0f1a2b',
        batchBinding: BINDING_EXAMPLE,
        nonce: 'Zx8cV7bN6mQ5wE4rT3yU2iO1pA0sD9fG8hJ7kL6zX5c',
        options: { challenge: 'q2Jk7vX0aB3cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX', userVerification: 'required' },
      },
    ],
    shape: {
      batchBinding: {
        description: 'What the signature approves: the batch and each payout awaiting your signature, as shown',
      },
    },
  }),
  schemaProse(BatchDecisionSchema, {
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
    shape: {
      results: {
        element: {
          shape: {
            outcome: {
              description:
                'SIGNED: the signature counts for it (PROCESSING once it reaches the approvals required); ' +
                'REJECTED: CANCELLED; SKIPPED: left as it is, `error` says why (no longer awaiting, changed, refused)',
            },
            status: {
              description:
                'Its status after the decision (`UNCHANGED`: a payout not reached before the request had to answer, ' +
                'still awaiting signatures)',
            },
          },
        },
      },
    },
  }),
  schemaProse(BankIdParams, { shape: { bankId: { description: 'The withdrawal bank', examples: [BANK] } } }),
  schemaProse(PayeeConfirmationSchema, {
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
    shape: { customerName: { description: "The customer's name (null: the customer is gone)" } },
  }),
  schemaProse(StartPayeeDecisionBody, {
    id: 'ConsoleStartPayeeDecisionRequest',
    examples: [{ decision: 'CONFIRM' }],
    shape: {
      decision: { description: 'CONFIRM: the bank goes on (ACTIVE, or on to review); REJECT: it is REJECTED' },
      reason: { innerType: { description: 'Why (signed, audited, and the rejected bank’s `rejectionReason`)' } },
    },
  }),
  schemaProse(PayeeDecisionOptionsSchema, {
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
  }),
  schemaProse(SignPayeeDecisionBody, {
    id: 'ConsoleSignPayeeDecisionRequest',
    examples: [{ challengeId: '9b2f0c4e-1d3a-4e5f-8a6b-7c8d9e0f1a2b', response: ASSERTION_EXAMPLE }],
    shape: { challengeId: { description: 'The challenge the options were made for' } },
  }),
];
