import { ChainSchema } from '#shared/money/chains.ts';
import { MicroSchema } from '#shared/money/micro.ts';
import { IdentityPayloadSchema } from '#shared/travel-rule/ivms101.ts';
import { LEI_PATTERN } from '#shared/validation/lei.ts';
import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the treasury area, parsed on every read (`send-repository.ts`). */

/** Why USDC leaves a treasury: a customer's on-ramp deposit to its destination wallet, or the fees the organization withdraws. */
export const SendPurposeSchema = z.enum(['ONRAMP_DEPOSIT', 'DEVELOPER_FEE_WITHDRAWAL']);
export type SendPurpose = z.infer<typeof SendPurposeSchema>;

/**
 * WAITING: not signed yet (or its last attempt can never be mined), `waitingReason` says for what; SENT: an attempt
 * is claimed with its nonce and signed bytes, maybe broadcast; MINED: its transfer is in a block.
 */
export const SendStatusSchema = z.enum(['WAITING', 'SENT', 'MINED']);
export type SendStatus = z.infer<typeof SendStatusSchema>;

/** What a WAITING send waits for. */
export const WaitingReasonSchema = z.enum([
  /** The treasury's USDC, or the allowance it gave the relayer, is below the amount. */
  'TREASURY_SHORT',
  /** To a self-hosted address above the threshold: the customer must prove control of it first. */
  'OWNERSHIP_PROOF_REQUIRED',
  /** Its last attempt reverted or its nonce went to another transaction; it is signed again. */
  'RETRY',
]);
export type WaitingReason = z.infer<typeof WaitingReasonSchema>;

/** One signed transaction of a send, recorded with its nonce and hash BEFORE it is broadcast. */
export const SendAttemptSchema = z.object({
  nonce: z.string(),
  txHash: z.string(),
  rawTransaction: z.string(),
  claimedAt: z.string(),
  outcome: z.enum(['SENT', 'MINED', 'REVERTED', 'REPLACED']),
});
export type SendAttempt = z.infer<typeof SendAttemptSchema>;

/** Who holds the destination address: the customer itself, or another crypto-asset service provider. */
export const CustodianSchema = z.union([
  z.object({ type: z.literal('SELF_HOSTED') }),
  z.object({
    type: z.literal('VASP'),
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    lei: z.optional(z.string().check(z.regex(LEI_PATTERN))),
    /** The provider's Travel Rule Protocol endpoint, where the inquiry is posted. */
    trpEndpoint: z.optional(z.url()),
  }),
]);
export type Custodian = z.infer<typeof CustodianSchema>;

/** The Travel Rule data of one crypto leg: the IVMS101 payload, who holds the beneficiary's address, the proof. */
export const TravelRuleRecordSchema = z.object({
  ivms101: IdentityPayloadSchema,
  custodian: CustodianSchema,
  /** The leg's value in EUR when it was requested (the self-hosted threshold compares it). */
  eurValue: z.string(),
  /** Set once ownership of a self-hosted address was proven (the proof's own record holds the signature). */
  ownershipProvenAt: z.nullable(z.string()),
});
export type TravelRuleRecord = z.infer<typeof TravelRuleRecordSchema>;

export const TreasurySendRecordSchema = z.object({
  sendId: z.string(),
  organizationId: z.string(),
  purpose: SendPurposeSchema,
  /** The on-ramp deposit's transaction; absent for a fee withdrawal (the send is the withdrawal). */
  customerId: z.nullable(z.string()),
  transactionId: z.nullable(z.string()),
  chain: ChainSchema,
  treasury: z.string(),
  destination: z.string(),
  amountMicro: MicroSchema,
  status: SendStatusSchema,
  waitingReason: z.nullable(WaitingReasonSchema),
  /** The figures behind the reason, for the console and the log. */
  waitingDetail: z.nullable(z.string()),
  relayer: z.nullable(z.string()),
  attempts: z.array(SendAttemptSchema),
  txHash: z.nullable(z.string()),
  blockNumber: z.nullable(z.string()),
  travelRule: z.nullable(TravelRuleRecordSchema),
  /** The console member or API key that asked for it (fee withdrawals), for the audit. */
  requestedBy: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  minedAt: z.nullable(z.string()),
  version: z.number().check(z.int(), z.gte(0)),
  /** The check of the treasury's balance over the send's block (the custody books' third check); null before. */
  treasuryCheck: z._default(
    z.nullable(
      z.object({ checkedAt: z.string(), agrees: z.boolean(), expectedMicro: z.string(), actualMicro: z.string() }),
    ),
    null,
  ),
});
export type TreasurySendRecord = z.infer<typeof TreasurySendRecordSchema>;

/** The address an organization's developer fees are withdrawn to on a chain, registered by a member (audited). */
export const FeeWalletRecordSchema = z.object({
  organizationId: z.string(),
  chain: ChainSchema,
  address: z.string(),
  registeredBy: z.string(),
  registeredAt: z.string(),
});
export type FeeWalletRecord = z.infer<typeof FeeWalletRecordSchema>;
