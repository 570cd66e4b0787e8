import { changeKycStatusOrConflict } from '#shared/customers/kyc-rules.ts';
import { type Address, type CustomerRecord, KYC_TRANSITIONS, type KycStatus } from '#shared/customers/records.ts';
import { type CustomerChanges, changeKycStatus, type VerifiedIdentityFields } from '#shared/customers/repository.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import type { Transition } from '#shared/events/status-change.ts';
import { holdPut } from '#shared/screening/hold-repository.ts';
import { newHold } from '#shared/screening/hold-rules.ts';
import type { ScreeningHit } from '#shared/screening/records.ts';
import { screenName } from '#shared/screening/screen.ts';

/** What an approval verified: a name and an address always, the rest where known. */
export type ApprovedIdentity = VerifiedIdentityFields & { verifiedName: string; address: Address };

/** A verdict whose verified name hit a sanctions list: the customer waits, in review, for a reviewer's decision. */
export const KYC_HELD_FOR_SCREENING = {
  from: KYC_TRANSITIONS.approve.from,
  to: 'PENDING',
} as const satisfies Transition<KycStatus>;

/**
 * The verified name of an approval (and of any later change of it), screened before it takes effect: on a hit the
 * customer stays `PENDING` in review with a hold that carries the identity, in one transaction, and is returned;
 * a reviewer's clearing then approves with that identity (`shared/screening-review/`). Undefined: no hit.
 */
export async function holdKycOnSanctionsHit(
  deps: Deps,
  customer: CustomerRecord,
  identity: ApprovedIdentity,
  now: Date,
  /** Written with the hold (a provider event's receipt: the verdict is taken, held or not). */
  alongside: readonly GuardedItem<string>[] = [],
): Promise<CustomerRecord | undefined> {
  const hit = await screenName(deps, identity.verifiedName);
  if (!hit) return undefined;
  const hold = newHold({
    organizationId: customer.organizationId,
    subject: { kind: 'customer', customerId: customer.customerId, identity },
    screened: identity.verifiedName,
    hit,
    now,
  });
  return changeKycStatusOrConflict(deps, {
    customer,
    transition: KYC_HELD_FOR_SCREENING,
    // In review, its attempts unchanged: the provider's verdict came; the screening's review is what waits.
    review: { starts: true, attempt: customer.kycAttempts, heldForScreening: true },
    now,
    alongside: [holdPut(deps.db, hold), ...alongside],
  });
}

/** A verified customer whose name (or a new list's entry) now hits: back in review, as at verification. */
export const KYC_VERIFIED_HELD_FOR_SCREENING = {
  from: ['APPROVED'],
  to: 'PENDING',
} as const satisfies Transition<KycStatus>;

/**
 * Holds an `APPROVED` customer for `hit` on `screened` (a new name, or its names against a new list version): the
 * customer is `PENDING` in review with a hold that keeps its verified identity, in one transaction with `changes`
 * (the new name) and `alongside` (its event). Cleared, the customer is `APPROVED` again with that identity;
 * confirmed, `REJECTED`. A concurrent change of the customer is a `CustomerStateChangedError`.
 */
export function holdVerifiedCustomer(
  deps: Deps,
  input: {
    customer: CustomerRecord;
    screened: string;
    hit: ScreeningHit;
    now: Date;
    changes?: CustomerChanges;
    alongside?: GuardedItem<string>[];
  },
): Promise<CustomerRecord> {
  const { customer, now } = input;
  // An approval always sets both; a hold keeps them for the release.
  if (customer.verifiedName === null || customer.address === null)
    throw new Error('an approved customer has its identity');
  const identity = {
    verifiedName: customer.verifiedName,
    address: customer.address,
    nationality: customer.nationality,
    dateOfBirth: customer.dateOfBirth,
    verifiedCompany: customer.verifiedCompany,
  };
  const hold = newHold({
    organizationId: customer.organizationId,
    subject: { kind: 'customer', customerId: customer.customerId, identity },
    screened: input.screened,
    hit: input.hit,
    now,
  });
  return changeKycStatus(deps.db, {
    customer,
    transition: KYC_VERIFIED_HELD_FOR_SCREENING,
    review: { starts: true, attempt: customer.kycAttempts, heldForScreening: true },
    now,
    ...(input.changes ? { changes: input.changes } : {}),
    alongside: [holdPut(deps.db, hold), ...(input.alongside ?? [])],
  });
}
