import type { CustomerRecord } from '#shared/customers/records.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import type { Chain } from '#shared/money/chains.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { toChecksumAddress } from '#shared/rails/chain/address.ts';
import { depositTravelRuleInsert } from '#shared/travel-rule/deposit-repository.ts';
import { getOwnershipProof } from '#shared/travel-rule/ownership-proof.ts';
import { customerPerson, eurValueOf, organizationVasp } from '#shared/travel-rule/parties.ts';
import type { DepositTravelRuleRecord, InboundIdentityPayload } from '#shared/travel-rule/records.ts';

/**
 * The Travel Rule data of USDC arriving at a customer's deposit address (EU 2023/1113 art. 14 and 16): the customer is
 * the beneficiary (from KYC, as for sends) at the deposit address, the organization the beneficiary's provider, and
 * the originator the sending address with what is known of whoever holds it. The chain tells no name: unless the
 * sending address is one the customer proved it controls (then the customer is the originator, self-hosted), the
 * originator is MISSING, listed for the integrator to complete (the deposit's own events announce the deposit).
 * Written in the transaction that records the deposit; the deposit is credited or forwarded either way (decision 0163).
 */
export type InboundTravelRuleInput = {
  organization: Pick<Organization, 'organizationId' | 'name'>;
  customer: CustomerRecord;
  transfer: { chain: Chain; txHash: string; logIndex: number };
  to: string;
  from: string | undefined;
  amount: string;
};

/** What the ingestion adds to its transaction once the deposit's id is drawn. */
export type InboundTravelRuleWrites = (transactionId: string, now: Date) => GuardedItem<'travelRule'>[];

export async function inboundTravelRule(deps: Deps, input: InboundTravelRuleInput): Promise<InboundTravelRuleWrites> {
  const { organization, customer, transfer } = input;
  const from = input.from ? toChecksumAddress(input.from) : null;
  // The one originator the service can know by itself: the customer, from an address it proved it controls.
  const proof = from
    ? await getOwnershipProof(deps.db, organization.organizationId, customer.customerId, from)
    : undefined;
  const person = customerPerson(customer);
  const ivms101: InboundIdentityPayload = {
    originator: { originatorPersons: proof ? [person] : [], accountNumber: from ? [from] : [] },
    beneficiary: { beneficiaryPersons: [person], accountNumber: [input.to] },
    beneficiaryVASP: organizationVasp(organization),
  };
  const missing = missingOf(ivms101, proof ? { type: 'SELF_HOSTED' } : null);
  return (transactionId, now) => {
    const record: DepositTravelRuleRecord = {
      organizationId: organization.organizationId,
      customerId: customer.customerId,
      transactionId,
      ...transfer,
      to: input.to,
      from,
      amount: input.amount,
      eurValue: eurValueOf(deps, input.amount),
      ivms101,
      sourceCustodian: proof ? { type: 'SELF_HOSTED' } : null,
      originatorStatus: proof ? 'COMPLETE' : 'MISSING',
      missing,
      ownershipProvenAt: proof?.verifiedAt ?? null,
      completedBy: null,
      completedAt: proof ? now.toISOString() : null,
      receivedAt: now.toISOString(),
      version: 0,
    };
    return [depositTravelRuleInsert(deps.db, record)];
  };
}

/** What of art. 14's originator data an inbound leg lacks, as IVMS101 paths (and who holds the sending address). */
export function missingOf(
  ivms101: InboundIdentityPayload,
  sourceCustodian: DepositTravelRuleRecord['sourceCustodian'],
) {
  return [
    ...(ivms101.originator.originatorPersons.length === 0 ? ['originator.originatorPersons'] : []),
    ...(ivms101.originator.accountNumber.length === 0 ? ['originator.accountNumber'] : []),
    ...(sourceCustodian === null ? ['sourceCustodian'] : []),
  ];
}
