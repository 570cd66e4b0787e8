import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';
import { TRANSACTION_EXAMPLE } from '#shared/transactions/openapi-prose.ts';
import type { routes } from '#shared/withdrawals/routes.ts';
import { SandboxApproveBody, SandboxRejectBody } from '#shared/withdrawals/sandbox-schemas.ts';
import {
  BatchItemResultSchema,
  CreateWithdrawalBatchBody,
  CreateWithdrawalBody,
  MAX_BATCH_WITHDRAWALS,
  NEITHER_AMOUNT,
  WithdrawalBatchResponseSchema,
} from '#shared/withdrawals/schemas.ts';
import { FAILED_TO_EXECUTE } from '#shared/withdrawals/withdrawal-rules.ts';

// The same bank as the banks' examples, so the examples read as one flow.
const EXAMPLE_BANK_ID = '9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60';

const EXAMPLE_CUSTOMER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

/** The withdrawals words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    createWithdrawal: {
      summary: 'Create a withdrawal to an active bank of the customer (idempotent)',
      description: [
        '**Amounts** are decimal strings, never JSON numbers: exactly one of `sourceAmount` (USDC taken from the',
        'balance, up to 6 places) or `targetAmount` (what the bank receives in its currency, up to 2 places). The fee',
        'is `max(minFee, source × feeBps / 10000)` rounded up to 6 places; the payout is `(source − fee) × rate`',
        'rounded down to 2 places; for a `targetAmount` the smallest source that delivers it is charged.\n\n',
        '**Idempotency**: send `idempotencyKey` (or the `Idempotency-Key` header) and retry freely: the same key and',
        'parameters answer 201 with the transaction as it is now and `Idempotent-Replayed: true`, writing nothing;',
        'the same key with other parameters is a 422.\n\n**Outcome**: when the API allowance and the available',
        'balance both cover it, the withdrawal is `PROCESSING` at once (both reserved); otherwise it is `PROPOSED`',
        '(`requiresUiAction: true`) and waits for signatures. The customer needs approved KYC (403) and the bank',
        'must be `ACTIVE` (400).\n\n**Sandbox**: a `PROCESSING` payout settles by itself a few seconds later',
        '(`COMPLETED`, 3 s by default, `SANDBOX_SETTLE_AFTER_S`), or at once with',
        '`POST /sandbox/transactions/{transactionId}/complete` (`/fail` to fail it). Each status change sends',
        '`withdrawal.status_changed`.',
      ].join(' '),
      // The body's own check and the stack's 503, as this route words them.
      examples: { responses: { 400: { error: NEITHER_AMOUNT }, 503: { error: FAILED_TO_EXECUTE } } },
    },
    createWithdrawalBatch: {
      summary: `Create up to ${MAX_BATCH_WITHDRAWALS} withdrawals, one per customer, in one request (idempotent)`,
      description: [
        'Each item is a single create (`POST /api/v2/customers/{customerId}/withdrawal`) with its `customerId` and',
        'its own `idempotencyKey`, checked in the same order, and answered in `results` in the same order: `status`',
        '201 with its `transaction`, or the status and `error` a single create would have answered (one customer',
        'per batch: a second item of one customer is a 400). The batch has a key of its own (`idempotencyKey` or the',
        '`Idempotency-Key` header): the same key and withdrawals answer the same results with each transaction as it',
        'is now and `Idempotent-Replayed: true`; other withdrawals, 422.\n\n**Allowance**: the batch is decided once.',
        'When the payouts the balances cover fit the API allowance together, they are `PROCESSING`; otherwise every',
        'payout is `PROPOSED` (`proposed: true`) and each waits for its signatures.\n\n**Partial failures**: an item',
        'with `status` 503 has an outcome not known yet; sending the same batch again (same key) finishes it, and',
        "each item's own key answers whether it was made. Webhooks: `withdrawal.created` per payout and",
        '`withdrawal_batch.created` once.',
      ].join(' '),
      examples: { responses: { 400: { error: 'withdrawals: At most 250 withdrawals per batch' } } },
    },
    cancelTransaction: {
      summary: 'Cancel a withdrawal that awaits signatures',
      description:
        'Only while `PROPOSED` or `PARTIALLY_SIGNED` (409 otherwise); nothing was reserved, so nothing moves.',
    },
    sandboxApproveTransaction: { summary: 'Sandbox: one approver signs a withdrawal' },
    sandboxRejectTransaction: { summary: 'Sandbox: an approver rejects a withdrawal (CANCELLED)' },
    sandboxExpireTransaction: { summary: 'Sandbox: a withdrawal awaiting signatures expires now' },
  },
  schemas: [
    schemaProse(SandboxApproveBody, {
      id: 'SandboxApproveTransactionRequest',
      examples: [{ approver: 'treasurer@example.com' }],
      shape: {
        approver: { description: "The approver's e-mail; each approver signs once, compared case-insensitively" },
      },
    }),
    schemaProse(SandboxRejectBody, {
      id: 'SandboxRejectTransactionRequest',
      examples: [{ approver: 'treasurer@example.com' }, {}],
      shape: { approver: { description: "The rejecting approver's e-mail, if any" } },
    }),
    schemaProse(CreateWithdrawalBody, {
      id: 'CreateWithdrawalRequest',
      examples: [
        { withdrawalBankId: EXAMPLE_BANK_ID, idempotencyKey: 'payout-2026-11-21-0001', sourceAmount: '100.00' },
        { withdrawalBankId: EXAMPLE_BANK_ID, idempotencyKey: 'payout-2026-11-21-0002', targetAmount: '250.00' },
      ],
      shape: {
        withdrawalBankId: {
          description: "The `id` of one of this customer's ACTIVE withdrawal banks",
          examples: [EXAMPLE_BANK_ID],
        },
        idempotencyKey: {
          description:
            'Makes retries safe: 1-255 of `A-Za-z0-9_-.:`, scoped to your organization. The same key with the same ' +
            'parameters answers 201 with the original transaction and `Idempotent-Replayed: true`; with other ' +
            'parameters, 422. May be sent as the `Idempotency-Key` header instead (both must then be equal).',
          examples: ['payout-2026-11-21-0001'],
        },
        sourceAmount: {
          description:
            'USDC to take from the balance, fee included: a decimal string with up to 6 places (`"100"`, `"100.50"`), ' +
            'never a JSON number. Exactly one of `sourceAmount` and `targetAmount`.',
          examples: ['100.00'],
        },
        targetAmount: {
          description:
            "What the bank account is to receive, in the bank's currency: a decimal string with up to 2 places. The " +
            'smallest source amount that delivers it is charged. Exactly one of `sourceAmount` and `targetAmount`.',
          examples: ['250.00'],
        },
        instant: {
          description:
            'Optional, not in Compose: `true` asks for SEPA Instant (funds within seconds) to a SEPA bank. The ' +
            'transaction shows the rail asked for (`requestedPaymentRail`), the rail used (`settlementRail`) and, when ' +
            'it fell back to standard SEPA, why (`railFallbackReason`). Without it, standard SEPA as before.',
          examples: [true],
        },
        sourceCurrency: {
          description:
            'Optional, Compose compatibility: the currency taken from the balance, always `USDC` (the only source ' +
            'currency); any other value is a 400.',
          examples: ['USDC'],
        },
      },
    }),
    schemaProse(CreateWithdrawalBatchBody, {
      id: 'CreateWithdrawalBatchRequest',
      examples: [
        {
          idempotencyKey: 'payroll-2026-11',
          withdrawals: [
            {
              customerId: EXAMPLE_CUSTOMER_ID,
              withdrawalBankId: EXAMPLE_BANK_ID,
              idempotencyKey: 'payroll-2026-11-0001',
              sourceAmount: '100.00',
            },
          ],
        },
      ],
      shape: {
        withdrawals: {
          description: `1 to ${MAX_BATCH_WITHDRAWALS} withdrawals, one per customer, answered in this order`,
          element: {
            shape: {
              customerId: { description: 'The customer paid out from' },
              idempotencyKey: {
                description: "This payout's own key, as for a single create: the same key answers the same withdrawal",
              },
            },
          },
        },
        idempotencyKey: {
          description: "The batch's key (or the `Idempotency-Key` header): the same key answers the same results",
        },
      },
    }),
    schemaProse(BatchItemResultSchema, {
      shape: {
        index: { description: "The item's place in the request, from 0" },
        status: { description: 'The status a single create would have answered' },
      },
    }),
    schemaProse(WithdrawalBatchResponseSchema, {
      id: 'WithdrawalBatch',
      examples: [
        {
          batchId: '1f2e3d4c-5b6a-4978-8a7b-6c5d4e3f2a1b',
          idempotencyKey: 'payroll-2026-11',
          proposed: false,
          results: [
            { index: 0, idempotencyKey: 'payroll-2026-11-0001', status: 201, transaction: TRANSACTION_EXAMPLE },
            { index: 1, idempotencyKey: 'payroll-2026-11-0002', status: 404, error: 'Customer not found' },
          ],
        },
      ],
      shape: { proposed: { description: 'The batch did not fit the API allowance: every payout is PROPOSED' } },
    }),
  ],
};
