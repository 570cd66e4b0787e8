import * as z from '#shared/validation/zod.ts';

/** The webhook envelope of API.md section 8; `data` is typed per event type. */
export const EVENT_TYPES = [
  'customer.created',
  'customer.updated',
  'customer.enabled',
  'customer.disabled',
  'customer.kyc.approved',
  'customer.kyc.rejected',
  'customer.kyc.submitted',
  'customer.kyc.level_changed',
  'withdrawal_bank.created',
  'withdrawal_bank.approved',
  'withdrawal_bank.rejected',
  'withdrawal.created',
  'withdrawal.status_changed',
  'withdrawal_batch.created',
  'deposit.created',
  'deposit.status_changed',
  'deposit.frozen',
  'travel_rule.originator_completed',
  'virtual_account.created',
  'virtual_account.approved',
  'virtual_account.rejected',
  'developer_fees.claimed',
  'webhook.test',
] as const;

export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

export const CustomerEventDataSchema = z.object({ customer_id: z.string() });

export const EventEnvelopeSchema = z.object({
  event_id: z.string(),
  event_type: EventTypeSchema,
  created_at: z.string(),
  api_version: z.literal('v2'),
  org_id: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>;

// --- The data of each event type (API.md section 8); the OpenAPI document's `webhooks` are built from these. ---

const CUSTOMER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const TRANSACTION_ID = '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f';
const BANK_ID = '7e6d5c4b-3a29-4817-a6f5-e4d3c2b1a098';

const customerEventData = CustomerEventDataSchema.check(z.meta({ examples: [{ customer_id: CUSTOMER_ID }] }));
const kycSubmittedData = z
  .object({
    customer_id: z.string(),
    attempt: z.number().check(z.int(), z.gte(1), z.meta({ description: 'Which submission this is (1 to 4)' })),
  })
  .check(z.meta({ examples: [{ customer_id: CUSTOMER_ID, attempt: 1 }] }));
const transactionEventShape = {
  transaction_id: z.uuid(),
  customer_id: z.uuid(),
  status: z.string().check(z.meta({ description: 'The transaction status after the change, e.g. PROCESSING' })),
};
const transactionEventData = z.object(transactionEventShape).check(
  z.meta({
    examples: [{ transaction_id: TRANSACTION_ID, customer_id: CUSTOMER_ID, status: 'PROCESSING' }],
  }),
);
const transactionStatusChangedData = z
  .object({
    ...transactionEventShape,
    previous_status: z
      .string()
      .check(z.meta({ description: 'The status before the change; drop events older than one seen' })),
    failure_reason: z.optional(
      z.string().check(
        z.meta({
          description:
            "Set when the status is FAILED: the transaction's `failureReason` (a payout returned after COMPLETED " +
            'says so, with the return code and its meaning)',
        }),
      ),
    ),
  })
  .check(
    z.meta({
      examples: [
        {
          transaction_id: TRANSACTION_ID,
          customer_id: CUSTOMER_ID,
          status: 'COMPLETED',
          previous_status: 'PROCESSING',
        },
        {
          transaction_id: TRANSACTION_ID,
          customer_id: CUSTOMER_ID,
          status: 'FAILED',
          previous_status: 'COMPLETED',
          failure_reason: 'Returned by the bank after booking, AC04: Account closed',
        },
      ],
    }),
  );
const bankEventData = z
  .object({
    customer_id: z.uuid(),
    withdrawal_bank_id: z.uuid(),
    status: z.string().check(z.meta({ description: 'ACTIVE, PENDING or REJECTED' })),
    reason: z.optional(z.string()),
    /** Verification of Payee: absent on banks registered before it. */
    payee_verification: z.optional(
      z
        .object({
          result: z
            .string()
            .check(z.meta({ description: 'MATCH, CLOSE_MATCH, NO_MATCH, NOT_POSSIBLE or NOT_APPLICABLE (USD banks)' })),
          matched_name: z.nullable(z.string()),
          confirmation: z.string().check(z.meta({ description: 'NOT_NEEDED, AWAITING, CONFIRMED or REJECTED' })),
        })
        .check(
          z.meta({
            description:
              "The payee name check: its result, the name the payee's bank holds on a CLOSE_MATCH, and whether a member must (AWAITING) or did confirm it",
          }),
        ),
    ),
  })
  .check(
    z.meta({
      examples: [
        {
          customer_id: CUSTOMER_ID,
          withdrawal_bank_id: BANK_ID,
          status: 'ACTIVE',
          payee_verification: { result: 'MATCH', matched_name: null, confirmation: 'NOT_NEEDED' },
        },
      ],
    }),
  );

const virtualAccountEventData = z
  .object({
    correlation_id: z.uuid().check(z.meta({ description: "The account's `virtualAccountId`" })),
    customer_id: z.uuid(),
    status: z.string().check(z.meta({ description: 'PENDING, APPROVED or REJECTED' })),
    reason: z.optional(z.string().check(z.meta({ description: 'Why it was rejected, when a reason was given' }))),
  })
  .check(
    z.meta({
      examples: [
        { correlation_id: '2a7d9c1e-4b3f-4e8a-9d6c-0f1e2d3c4b5a', customer_id: CUSTOMER_ID, status: 'APPROVED' },
      ],
    }),
  );

/** Compose's demo sends this event's data in camelCase, unlike every other event's. */
const customerUpdatedData = z
  .object({
    customerId: z.uuid(),
    changedFields: z
      .array(z.enum(['name', 'email', 'expectedMonthlyVolume']))
      .check(z.meta({ description: 'The profile fields whose value changed' })),
  })
  .check(z.meta({ examples: [{ customerId: CUSTOMER_ID, changedFields: ['email'] }] }));

const developerFeesClaimedData = z
  .object({
    amount: z.string().check(z.meta({ description: 'USDC claimed, moved to the organization’s custodial balance' })),
    currency: z.literal('usdc'),
    transaction_id: z.uuid().check(z.meta({ description: 'The claim’s `transactionId`' })),
  })
  .check(
    z.meta({
      examples: [{ amount: '12.345678', currency: 'usdc', transaction_id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a' }],
    }),
  );

/**
 * A deposit's stages: PROCESSING at the first sighting of its transfer (`previous_status` null), then
 * COMPLETED once past the chain's confirmations or FAILED when a reorganisation removed it first. `transaction_id` is
 * drawn at the sighting and is the id of the transaction the credit creates (a DEPOSIT, or the forwarding WITHDRAWAL).
 */
const depositStatusChangedData = z
  .object({
    ...transactionEventShape,
    previous_status: z.nullable(
      z.string().check(z.meta({ description: 'The status before the change; null at the first sighting' })),
    ),
    failure_reason: z.optional(z.string()),
    chain: z.optional(z.string()),
    tx_hash: z.optional(z.string()),
    log_index: z.optional(z.number()),
    amount: z.optional(z.string().check(z.meta({ description: 'USDC received, a decimal string' }))),
    wallet_address: z.optional(z.string()),
  })
  .check(
    z.meta({
      examples: [
        {
          transaction_id: TRANSACTION_ID,
          customer_id: CUSTOMER_ID,
          status: 'PROCESSING',
          previous_status: null,
          chain: 'base',
          tx_hash: `0x${'ab'.repeat(32)}`,
          log_index: 0,
          amount: '25.00',
          wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
        },
      ],
    }),
  );

/** USDC from an address on a sanctions list: held, neither credited nor forwarded, until a reviewer decides. */
const originatorCompletedData = z
  .object({
    transaction_id: z.uuid(),
    customer_id: z.uuid(),
    source_custodian: z
      .enum(['SELF_HOSTED', 'VASP'])
      .check(z.meta({ description: 'Who holds the sending address: its owner, or another provider' })),
  })
  .check(
    z.meta({
      examples: [{ transaction_id: TRANSACTION_ID, customer_id: CUSTOMER_ID, source_custodian: 'SELF_HOSTED' }],
    }),
  );
const depositFrozenData = z
  .object({
    customer_id: z.string(),
    chain: z.string(),
    tx_hash: z.string(),
    log_index: z.number().check(z.int()),
    amount: z.string().check(z.meta({ description: 'USDC that arrived, a decimal string' })),
    wallet_address: z.string(),
    from_address: z.string().check(z.meta({ description: 'The sending address, lower-case' })),
    reason: z.string(),
  })
  .check(
    z.meta({
      examples: [
        {
          customer_id: CUSTOMER_ID,
          chain: 'base',
          tx_hash: `0x${'ab'.repeat(32)}`,
          log_index: 0,
          amount: '25.00',
          wallet_address: '0x52908400098527886E0F7030069857D2E4169EE7',
          from_address: '0x098b716b8aaf21512996dc57eb0615e2383e2f96',
          reason: 'Held for review: the sending address matches an entry of the OFAC SDN sanctions list',
        },
      ],
    }),
  );

export const EVENT_DATA_SCHEMAS = {
  'customer.created': customerEventData,
  'customer.updated': customerUpdatedData,
  'customer.enabled': customerEventData,
  'customer.disabled': z
    .object({
      customer_id: z.uuid(),
      reason: z.optional(z.string().check(z.meta({ description: 'Why, when the disabling request said' }))),
    })
    .check(z.meta({ examples: [{ customer_id: CUSTOMER_ID, reason: 'Suspected fraud' }] })),
  'customer.kyc.approved': customerEventData,
  'customer.kyc.rejected': customerEventData,
  'customer.kyc.submitted': kycSubmittedData,
  'customer.kyc.level_changed': z
    .object({ customer_id: z.uuid(), previous_level: z.string(), new_level: z.string() })
    .check(
      z.meta({
        examples: [
          { customer_id: CUSTOMER_ID, previous_level: 'customers-api-basic', new_level: 'customers-api-enhanced' },
        ],
      }),
    ),
  'withdrawal_bank.created': bankEventData,
  'withdrawal_bank.approved': bankEventData,
  'withdrawal_bank.rejected': bankEventData,
  'withdrawal.created': transactionEventData,
  'withdrawal.status_changed': transactionStatusChangedData,
  'withdrawal_batch.created': z
    .object({
      batch_id: z.uuid(),
      idempotency_key: z.string(),
      created: z
        .number()
        .check(z.int(), z.meta({ description: 'Payouts written (each has its own withdrawal.created)' })),
      failed: z.number().check(z.int(), z.meta({ description: 'Items answered with an error' })),
      proposed: z
        .boolean()
        .check(z.meta({ description: 'The batch did not fit the allowance: every payout waits as PROPOSED' })),
    })
    .check(
      z.meta({
        examples: [
          { batch_id: TRANSACTION_ID, idempotency_key: 'payroll-2026-11', created: 199, failed: 1, proposed: false },
        ],
      }),
    ),
  'deposit.created': transactionEventData,
  'deposit.status_changed': depositStatusChangedData,
  'deposit.frozen': depositFrozenData,
  'travel_rule.originator_completed': originatorCompletedData,
  'virtual_account.created': virtualAccountEventData,
  'virtual_account.approved': virtualAccountEventData,
  'virtual_account.rejected': virtualAccountEventData,
  'developer_fees.claimed': developerFeesClaimedData,
  'webhook.test': z.object({}).check(z.meta({ examples: [{}] })),
} satisfies Record<EventType, z.ZodMiniObject>;

/** The envelope of one event type, its `data` typed. */
export const eventEnvelopeSchemaOf = (type: EventType) =>
  z.extend(EventEnvelopeSchema, { event_type: z.literal(type), data: EVENT_DATA_SCHEMAS[type] });
