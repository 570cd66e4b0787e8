import { SANCTIONS_LISTS } from '#shared/screening/list-entries.ts';
import * as z from '#shared/validation/zod.ts';

/** The stored shapes of screening: a hold on what hit a list, until a reviewer decides. Parsed on every read. */

export const HoldStatusSchema = z.enum(['OPEN', 'CLEARED', 'CONFIRMED']);
export type HoldStatus = z.infer<typeof HoldStatusSchema>;

/** What the thing screened hit: the list, its version, the entry and (for a name) the spelling matched and the score. */
export const ScreeningHitSchema = z.object({
  list: z.enum(SANCTIONS_LISTS),
  listVersion: z.string(),
  entryId: z.string(),
  entryName: z.string(),
  matchedName: z.nullable(z.string()),
  score: z.nullable(z.number()),
});
export type ScreeningHit = z.infer<typeof ScreeningHitSchema>;

const AddressRecordSchema = z.object({
  addressLine1: z.string(),
  city: z.string(),
  country: z.string(),
  postalCode: z.string(),
});

/** What is held, and what its release does. */
export const HeldSubjectSchema = z.discriminatedUnion('kind', [
  /** A KYC approval whose verified name hit: cleared, the approval goes through with this identity. */
  z.object({
    kind: z.literal('customer'),
    customerId: z.string(),
    identity: z.object({
      verifiedName: z.string(),
      address: AddressRecordSchema,
      // The rest of what was verified, kept for the approval (the customers' area reads the company); absent on
      // older holds.
      nationality: z.optional(z.nullable(z.string())),
      dateOfBirth: z.optional(z.nullable(z.string())),
      verifiedCompany: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
    }),
  }),
  /** A bank whose beneficiary name hit: cleared, it takes `onClear` (what it would have been). */
  z.object({
    kind: z.literal('bank'),
    customerId: z.string(),
    bankId: z.string(),
    onClear: z.enum(['ACTIVE', 'PENDING']),
  }),
  /** USDC from a listed address: cleared, the transfer is ingested as reported. */
  z.object({
    kind: z.literal('deposit'),
    customerId: z.string(),
    transfer: z.object({
      chain: z.string(),
      address: z.string(),
      amount: z.string(),
      txHash: z.string(),
      logIndex: z.number(),
      from: z.string(),
    }),
  }),
]);
export type HeldSubject = z.infer<typeof HeldSubjectSchema>;

export const ScreeningHoldSchema = z.object({
  holdId: z.string(),
  organizationId: z.string(),
  subject: HeldSubjectSchema,
  /** The name or address as screened. */
  screened: z.string(),
  hit: ScreeningHitSchema,
  status: HoldStatusSchema,
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  version: z.number().check(z.int(), z.gte(1)),
});
export type ScreeningHold = z.infer<typeof ScreeningHoldSchema>;

/** What a hold is of, as its id names it. */
export type HeldRef =
  | { kind: 'customer'; customerId: string }
  | { kind: 'bank'; bankId: string }
  | { kind: 'deposit'; transfer: { chain: string; txHash: string; logIndex: number } };

/** One hold per held thing: a customer's KYC, a bank, a transfer (chain, hash, log index); safe in a URL path. */
export function holdIdOf(subject: HeldRef): string {
  if (subject.kind === 'customer') return customerHoldId(subject.customerId);
  if (subject.kind === 'bank') return bankHoldId(subject.bankId);
  const { chain, txHash, logIndex } = subject.transfer;
  return `deposit:${chain}:${txHash.toLowerCase()}:${logIndex}`;
}

export const customerHoldId = (customerId: string) => `customer:${customerId}`;
export const bankHoldId = (bankId: string) => `bank:${bankId}`;

/** One pass of every verified customer and registered bank against one set of list versions. */
export const RescreenRunSchema = z.object({
  /** The lists and versions screened against, `LIST@version` joined by commas. */
  versions: z.string(),
  status: z.enum(['RUNNING', 'DONE']),
  /** Where the pass goes on from after a stop (the scan's next page), null once done. */
  cursor: z.nullable(z.record(z.string(), z.unknown())),
  screened: z.number(),
  newHits: z.number(),
  failed: z.number(),
  hitsByOrganization: z.record(z.string(), z.number()),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type RescreenRun = z.infer<typeof RescreenRunSchema>;

/** What a re-screen found for one organization (its console's count). */
export const RescreenReportSchema = z.object({
  versions: z.string(),
  newHits: z.number(),
  finishedAt: z.string(),
});
export type RescreenReport = z.infer<typeof RescreenReportSchema>;
