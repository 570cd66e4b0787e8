import { type ApprovedIdentity, holdKycOnSanctionsHit } from '#shared/customers/hold-kyc-for-screening.ts';
import {
  changeKycStatusOrConflict,
  KYB_COMPANY_REQUIRED,
  KYB_FOR_CORPORATES_ONLY,
  KYC_ALREADY_APPROVED,
  KYC_ALREADY_REJECTED,
  KYC_STATUS_CHANGED,
} from '#shared/customers/kyc-rules.ts';
import { type Address, type CustomerRecord, KYC_TRANSITIONS, type VerifiedCompany } from '#shared/customers/records.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { type Customer, toCustomer } from '#shared/customers/schemas.ts';
import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { eventRecord } from '#shared/events/outbox.ts';

/**
 * What a verifier (the KYC provider, the organization's reviewer, the sandbox) established about the customer.
 * `name` is the individual's verified name; a corporate's verified name is always `company.registeredName`.
 * `nationality` is ISO 3166-1 alpha-2 and `dateOfBirth` `YYYY-MM-DD`, for individuals, null where unknown.
 */
export interface VerifiedIdentity {
  name: string;
  address: Address;
  nationality: string | null;
  dateOfBirth: string | null;
  /** KYB: required for a corporate, refused for an individual. */
  company: VerifiedCompany | null;
}

/** A verdict on the customer's KYC: approved with what was verified, or rejected (final: no new attempt). */
export type KycVerdict =
  | { answer: 'APPROVED'; identity: VerifiedIdentity }
  | { answer: 'REJECTED'; final: boolean; reason: string | null };

/**
 * Applies a KYC verdict: the one way a customer becomes `APPROVED` (with the verified name, address, nationality,
 * date of birth and, for corporates, the registered company) or `REJECTED` (with its terms), with
 * `customer.kyc.approved` or `customer.kyc.rejected`, in one transaction guarded on the version read. An approval
 * whose verified name hits a sanctions list is held instead (`hold-kyc-for-screening.ts`): `PENDING`, in review. The
 * provider's webhook, the organization's reviewers and the sandbox routes all decide through it.
 */
export async function applyKycVerdict(
  deps: Deps,
  input: {
    organizationId: string;
    customerId: string;
    verdict: KycVerdict;
    /**
     * Items written in the same transaction, given the customer's id and the answer (a reviewer's audit entry, the
     * provider event's receipt). A failed guard of one of them is a `WriteConditionFailedError` naming its role.
     */
    alongside?: Alongside;
    /** The customer's version the verifier decided on (a reviewer's page): any change since is a 409. */
    seenVersion?: number;
  },
): Promise<Customer> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (input.seenVersion !== undefined && customer.version !== input.seenVersion) throw KYC_STATUS_CHANGED.error();
  if (customer.kycStatus === 'APPROVED') throw KYC_ALREADY_APPROVED.error();
  const { verdict } = input;
  if (verdict.answer === 'REJECTED' && customer.kycStatus === 'REJECTED') throw KYC_ALREADY_REJECTED.error();
  const transition = verdict.answer === 'APPROVED' ? KYC_TRANSITIONS.approve : KYC_TRANSITIONS.reject;
  const now = deps.clock.now();
  const alongside = input.alongside?.(customer.customerId, { answer: verdict.answer }) ?? [];
  const identity = verdict.answer === 'APPROVED' ? identityFields(customer, verdict.identity) : undefined;
  if (identity) {
    const held = await holdKycOnSanctionsHit(deps, customer, identity, now, alongside);
    if (held) return toCustomer(held);
  }
  const updated = await changeKycStatusOrConflict(deps, {
    customer,
    transition,
    ...(identity
      ? { identity }
      : verdict.answer === 'REJECTED'
        ? { rejection: { final: verdict.final, reason: verdict.reason } }
        : {}),
    review: { ends: true },
    alongside,
    now,
    event: eventRecord({
      organizationId: input.organizationId,
      type: transition.event,
      data: { customer_id: customer.customerId },
      now,
    }),
  });
  return toCustomer(updated);
}

/**
 * An identity a person states field by field (the sandbox's caller, the organization's reviewer) rather than a
 * provider's applicant: an individual's as given; a corporate is a company registered under the verified name in
 * the address's country, its owners not stated.
 */
export function statedIdentity(
  customer: Pick<CustomerRecord, 'accountType'>,
  stated: {
    name: string;
    address: Address;
    nationality: string | null;
    dateOfBirth: string | null;
    registrationNumber: string | null;
  },
): VerifiedIdentity {
  const { name, address } = stated;
  if (customer.accountType !== 'corporate') {
    return { name, address, nationality: stated.nationality, dateOfBirth: stated.dateOfBirth, company: null };
  }
  return {
    name,
    address,
    nationality: null,
    dateOfBirth: null,
    company: {
      registeredName: name,
      registrationNumber: stated.registrationNumber,
      country: address.country,
      beneficialOwners: [],
    },
  };
}

/** The verified name of a corporate is its registered name (the name its `CUSTOMER` banks must be in). */
function identityFields(customer: CustomerRecord, identity: VerifiedIdentity): ApprovedIdentity {
  if (customer.accountType === 'corporate') {
    if (!identity.company) throw KYB_COMPANY_REQUIRED.error();
    return {
      verifiedName: identity.company.registeredName,
      address: identity.address,
      nationality: null,
      dateOfBirth: null,
      verifiedCompany: identity.company,
    };
  }
  if (identity.company) throw KYB_FOR_CORPORATES_ONLY.error();
  return {
    verifiedName: identity.name,
    address: identity.address,
    nationality: identity.nationality,
    dateOfBirth: identity.dateOfBirth,
    verifiedCompany: null,
  };
}
