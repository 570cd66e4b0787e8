import { ChainSchema } from '#shared/money/chains.ts';
import { BeneficiarySchema, IdentityPayloadSchema, PersonSchema } from '#shared/travel-rule/ivms101.ts';
import { LEI_PATTERN } from '#shared/validation/lei.ts';
import * as z from '#shared/validation/zod.ts';

/** The stored shapes of the Travel Rule area: an inbound deposit's data (`deposit-repository.ts`), a proof of control. */

/**
 * Whether the originator data art. 14 asks for is held: COMPLETE (its name, or the provider that holds its address and
 * sends it, is known), or MISSING (detected at arrival, art. 16: listed until the integrator completes it).
 */
export const OriginatorStatusSchema = z.enum(['COMPLETE', 'MISSING']);
export type OriginatorStatus = z.infer<typeof OriginatorStatusSchema>;

const Lei = z.string().check(z.regex(LEI_PATTERN, { error: 'Must be a 20-character LEI' }));

/** Who holds the address a deposit came from: its owner (self-hosted) or another crypto-asset service provider. */
export const SourceCustodianSchema = z.union([
  z.object({ type: z.literal('SELF_HOSTED') }),
  z.object({
    type: z.literal('VASP'),
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    lei: z.optional(Lei),
  }),
]);
export type SourceCustodian = z.infer<typeof SourceCustodianSchema>;

/**
 * IVMS101's payload as an inbound leg holds it: the originator's persons may be empty while its data is MISSING (the
 * chain gives its DLT address alone); everything else is the standard's.
 */
export const InboundIdentityPayloadSchema = z.object({
  ...IdentityPayloadSchema.shape,
  originator: z.object({ originatorPersons: z.array(PersonSchema), accountNumber: z.array(z.string()) }),
  beneficiary: BeneficiarySchema,
});
export type InboundIdentityPayload = z.infer<typeof InboundIdentityPayloadSchema>;

export const DepositTravelRuleRecordSchema = z.object({
  organizationId: z.string(),
  customerId: z.string(),
  /** The deposit's transaction (a DEPOSIT credited, or the WITHDRAWAL forwarding it to the bank). */
  transactionId: z.string(),
  chain: ChainSchema,
  txHash: z.string(),
  logIndex: z.number().check(z.int(), z.gte(0)),
  /** The deposit address (forwarder) it arrived at, and the address it came from when the report named it. */
  to: z.string(),
  from: z.nullable(z.string()),
  amount: z.string(),
  /** The leg's value in EUR at arrival (the self-hosted threshold compares it). */
  eurValue: z.string(),
  ivms101: InboundIdentityPayloadSchema,
  /** Who holds the sending address; null while unknown. */
  sourceCustodian: z.nullable(SourceCustodianSchema),
  originatorStatus: OriginatorStatusSchema,
  /** What art. 14 asks for that is missing, as IVMS101 paths (empty when COMPLETE). */
  missing: z.array(z.string()),
  /** Set when the customer proved control of the self-hosted sending address (the proof's own record holds it). */
  ownershipProvenAt: z.nullable(z.string()),
  /** The API key (`apiKey:<id>`) or console member that completed the originator. */
  completedBy: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  receivedAt: z.string(),
  version: z.number().check(z.int(), z.gte(0)),
});
export type DepositTravelRuleRecord = z.infer<typeof DepositTravelRuleRecordSchema>;

/** A customer's proof of control of a self-hosted address: the EIP-191 message it signed and the signature. */
export const OwnershipProofRecordSchema = z.object({
  organizationId: z.string(),
  customerId: z.string(),
  address: z.string(),
  message: z.string(),
  signature: z.string(),
  verifiedAt: z.string(),
});
export type OwnershipProofRecord = z.infer<typeof OwnershipProofRecordSchema>;
