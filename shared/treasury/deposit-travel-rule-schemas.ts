import { described } from '#shared/routing/prose.ts';
import { PersonSchema } from '#shared/travel-rule/ivms101.ts';
import { TravelRuleSchema } from '#shared/treasury/schemas.ts';
import { LeiSchema } from '#shared/validation/lei.ts';
import * as z from '#shared/validation/zod.ts';

/** The request and response shapes of an inbound deposit's originator routes (shared/treasury/README.md). */

/**
 * `POST .../travel-rule/originator`: who sent the USDC (an IVMS101 natural or legal person, or `CUSTOMER`: the
 * customer itself, its KYC data used), and who holds the sending address (`originatingVasp`; absent: self-hosted).
 * From a self-hosted address of the customer above EUR 1,000, `ownershipSignature` is the address's EIP-191 signature
 * of the ownership message, unless it was proven before.
 */
export const CompleteOriginatorBody = z.strictObject({
  originator: z.optional(z.union([z.literal('CUSTOMER'), PersonSchema])),
  originatingVasp: z.optional(
    z.strictObject({
      name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
      lei: z.optional(LeiSchema),
    }),
  ),
  ownershipSignature: z.optional(z.string().check(z.minLength(1))),
});
export type CompleteOriginatorInput = z.infer<typeof CompleteOriginatorBody>;

/** The deposits whose originator data is missing, oldest first (`GET /travel-rule/missing-originators`). */
export const MissingOriginatorsSchema = z.object({
  count: z.number().check(z.int()),
  items: z.array(described(TravelRuleSchema)),
});
export type MissingOriginators = z.infer<typeof MissingOriginatorsSchema>;
