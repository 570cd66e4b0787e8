import { UsdcAmountSchema } from '#shared/money/amounts.ts';
import { ChainSchema } from '#shared/money/chains.ts';
import { described } from '#shared/routing/prose.ts';
import { InboundIdentityPayloadSchema, OriginatorStatusSchema } from '#shared/travel-rule/records.ts';
import {
  CustodianSchema,
  SendPurposeSchema,
  SendStatusSchema,
  type TreasurySendRecord,
  WaitingReasonSchema,
} from '#shared/treasury/records.ts';
import * as z from '#shared/validation/zod.ts';

/** The request and response shapes of the treasury's routes (shared/treasury/README.md). */

export const RegisterFeeWalletBody = z.strictObject({
  chain: described(ChainSchema),
  address: z.string().check(z.minLength(1)),
});
export const FeeWalletSchema = z.object({
  chain: ChainSchema,
  address: z.string(),
  registeredBy: z.string(),
  registeredAt: z.string(),
});
export type FeeWallet = z.infer<typeof FeeWalletSchema>;

/** The sandbox's stand-in for a bank credit that names a destination wallet. */
export const SandboxOnRampBody = z.strictObject({
  amount: described(UsdcAmountSchema),
  walletId: z.string().check(z.minLength(1), z.maxLength(255)),
});

export const WithdrawDeveloperFeesBody = z.strictObject({
  chain: described(ChainSchema),
  amount: z.string().check(z.minLength(1)),
});

/** A send of USDC out of the treasury, as the API shows it. */
export const TreasurySendSchema = z.object({
  sendId: z.string(),
  purpose: SendPurposeSchema,
  chain: ChainSchema,
  amount: z.string(),
  from: z.string(),
  to: z.string(),
  status: SendStatusSchema,
  waitingReason: z.nullable(WaitingReasonSchema),
  waitingDetail: z.nullable(z.string()),
  txHash: z.nullable(z.string()),
  blockNumber: z.nullable(z.string()),
  /** Mined: head - block + 1 when the answer was made; null before, or when the node did not answer. */
  confirmations: z.nullable(z.number().check(z.int(), z.gte(1))),
  createdAt: z.string(),
  minedAt: z.nullable(z.string()),
});
export type TreasurySend = z.infer<typeof TreasurySendSchema>;

/** The send as answered; `head` is the chain's newest block when it was read (a mined send's confirmations). */
export const toSendView = (send: TreasurySendRecord, amount: string, head?: bigint): TreasurySend => ({
  sendId: send.sendId,
  purpose: send.purpose,
  chain: send.chain,
  amount,
  from: send.treasury,
  to: send.destination,
  status: send.status,
  waitingReason: send.waitingReason,
  waitingDetail: send.waitingDetail,
  txHash: send.txHash,
  blockNumber: send.blockNumber,
  confirmations:
    send.status === 'MINED' && send.blockNumber !== null && head !== undefined && head >= BigInt(send.blockNumber)
      ? Number(head - BigInt(send.blockNumber) + 1n)
      : null,
  createdAt: send.createdAt,
  minedAt: send.minedAt,
});

const OwnershipProofView = z.object({ message: z.string(), signature: z.string(), verifiedAt: z.string() });

/** USDC that arrived at a customer's deposit address, and where its originator data stands. */
export const InboundLegSchema = z.object({
  chain: ChainSchema,
  txHash: z.string(),
  logIndex: z.number().check(z.int()),
  from: z.nullable(z.string()),
  to: z.string(),
  amount: z.string(),
  receivedAt: z.string(),
  originatorStatus: OriginatorStatusSchema,
  missing: z.array(z.string()),
  completedBy: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
});

/**
 * A transaction's crypto leg with its IVMS101 originator and beneficiary: a send out of the treasury (`send`) or a
 * deposit that arrived (`deposit`), the other null. `custodian` holds the send's destination, or the deposit's sending
 * address (null while unknown).
 */
export const TravelRuleSchema = z.object({
  transactionId: z.string(),
  direction: z.enum(['OUTBOUND', 'INBOUND']),
  send: z.nullable(TreasurySendSchema),
  deposit: z.nullable(InboundLegSchema),
  custodian: z.nullable(CustodianSchema),
  eurValue: z.string(),
  ivms101: InboundIdentityPayloadSchema,
  ownershipProof: z.nullable(OwnershipProofView),
});
export type TravelRule = z.infer<typeof TravelRuleSchema>;

export const ProveWalletOwnershipBody = z.strictObject({
  signature: z.string().check(z.minLength(1)),
});
/** The message a destination wallet's address signs, and the proof once given. */
export const WalletOwnershipSchema = z.object({
  walletId: z.string(),
  address: z.string(),
  message: z.string(),
  proven: z.boolean(),
  signature: z.nullable(z.string()),
  verifiedAt: z.nullable(z.string()),
});
export type WalletOwnership = z.infer<typeof WalletOwnershipSchema>;

/** The Home's view of the sends not yet mined (`list-waiting-sends.ts`). */
export const WaitingSendsSchema = z.object({
  count: z.number().check(z.int()),
  oldestAt: z.nullable(z.string()),
  byReason: z.object({
    TREASURY_SHORT: z.number().check(z.int()),
    OWNERSHIP_PROOF_REQUIRED: z.number().check(z.int()),
    RETRY: z.number().check(z.int()),
  }),
  items: z.array(
    z.object({
      ...TreasurySendSchema.shape,
      customerId: z.nullable(z.string()),
      transactionId: z.nullable(z.string()),
    }),
  ),
});
export type WaitingSends = z.infer<typeof WaitingSendsSchema>;
