import { Decimal } from 'decimal.js';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { eventPut, eventRecord } from '#shared/events/outbox.ts';
import { depositTravelRuleReplace, getDepositTravelRule } from '#shared/travel-rule/deposit-repository.ts';
import { missingOf } from '#shared/travel-rule/inbound-travel-rule.ts';
import type { LegalPerson } from '#shared/travel-rule/ivms101.ts';
import { getOwnershipProof, proveAddressOwnership } from '#shared/travel-rule/ownership-proof.ts';
import { customerPerson, SELF_HOSTED_PROOF_ABOVE_EUR } from '#shared/travel-rule/parties.ts';
import type { DepositTravelRuleRecord, SourceCustodian } from '#shared/travel-rule/records.ts';
import type { CompleteOriginatorInput } from '#shared/treasury/deposit-travel-rule-schemas.ts';
import { depositTravelRuleView } from '#shared/treasury/get-transaction-travel-rule.ts';
import type { TravelRule } from '#shared/treasury/schemas.ts';
import {
  ORIGINATOR_ALREADY_COMPLETE,
  ORIGINATOR_NOT_GIVEN,
  OWNERSHIP_SIGNATURE_REQUIRED,
  TRAVEL_RULE_NOT_FOUND,
} from '#shared/treasury/treasury-rules.ts';

/**
 * The integrator completes what the chain could not tell of a deposit's originator (EU 2023/1113 art. 16: the
 * beneficiary's provider detects missing information and obtains it): the originator as an IVMS101 person (or the
 * customer itself), and the provider holding the sending address, absent for a self-hosted one. From the customer's
 * own self-hosted address above EUR 1,000 its control is proven first (the address's EIP-191 signature, as for
 * destination wallets). Written once, guarded on the version read, with `travel_rule.originator_completed` (the
 * webhook event is how the project records an API key's change) naming who completed it in the record.
 */
export async function completeDepositOriginator(
  deps: Deps,
  input: CompleteOriginatorInput & {
    organizationId: string;
    customerId: string;
    transactionId: string;
    completedBy: string;
  },
): Promise<TravelRule> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  const rule = await getDepositTravelRule(deps.db, input.organizationId, input.transactionId);
  if (!rule || rule.customerId !== input.customerId) throw TRAVEL_RULE_NOT_FOUND.error();
  if (rule.originatorStatus === 'COMPLETE') throw ORIGINATOR_ALREADY_COMPLETE.error();
  if (input.originator === undefined && input.originatingVasp === undefined) throw ORIGINATOR_NOT_GIVEN.error();

  const vasp = input.originatingVasp;
  const sourceCustodian: SourceCustodian = vasp
    ? { type: 'VASP', name: vasp.name, ...(vasp.lei ? { lei: vasp.lei } : {}) }
    : { type: 'SELF_HOSTED' };
  const fromCustomer = input.originator === 'CUSTOMER';
  const ownershipProvenAt =
    fromCustomer && !vasp && new Decimal(rule.eurValue).greaterThan(SELF_HOSTED_PROOF_ABOVE_EUR)
      ? await provenControl(deps, rule, input.ownershipSignature)
      : null;
  const person = input.originator === 'CUSTOMER' ? customerPerson(customer) : input.originator;
  const ivms101: DepositTravelRuleRecord['ivms101'] = {
    ...rule.ivms101,
    originator: { ...rule.ivms101.originator, originatorPersons: person ? [person] : [] },
    ...(vasp ? { originatingVASP: vaspPerson(vasp) } : {}),
  };
  const now = deps.clock.now();
  const next: DepositTravelRuleRecord = {
    ...rule,
    ivms101,
    sourceCustodian,
    originatorStatus: 'COMPLETE',
    missing: missingOf(ivms101, sourceCustodian),
    ownershipProvenAt,
    completedBy: input.completedBy,
    completedAt: now.toISOString(),
    version: rule.version + 1,
  };
  const event = eventRecord({
    organizationId: rule.organizationId,
    type: 'travel_rule.originator_completed',
    data: { transaction_id: rule.transactionId, customer_id: rule.customerId, source_custodian: sourceCustodian.type },
    now,
  });
  try {
    await writeGuarded(deps.db, [
      depositTravelRuleReplace(deps.db, rule, next),
      { role: 'event', item: eventPut(deps.db, event) },
    ]);
  } catch (error) {
    // Its one change is this completion: a concurrent one was written first.
    if (error instanceof WriteConditionFailedError && error.role === 'travelRule') {
      throw ORIGINATOR_ALREADY_COMPLETE.error();
    }
    throw error;
  }
  return depositTravelRuleView(deps, next);
}

/** When the customer proved control of the sending address: a proof stored before, or the signature given now. */
async function provenControl(deps: Deps, rule: DepositTravelRuleRecord, signature: string | undefined) {
  if (!rule.from) throw OWNERSHIP_SIGNATURE_REQUIRED.error();
  if (signature !== undefined) {
    const proof = await proveAddressOwnership(deps, {
      organizationId: rule.organizationId,
      customerId: rule.customerId,
      address: rule.from,
      signature,
    });
    return proof.verifiedAt;
  }
  const earlier = await getOwnershipProof(deps.db, rule.organizationId, rule.customerId, rule.from);
  if (!earlier) throw OWNERSHIP_SIGNATURE_REQUIRED.error();
  return earlier.verifiedAt;
}

/** The originating provider as IVMS101 names a VASP: a legal person, its LEI as national identification. */
const vaspPerson = (vasp: { name: string; lei?: string | undefined }): { legalPerson: LegalPerson } => ({
  legalPerson: {
    name: { nameIdentifier: [{ legalPersonName: vasp.name, legalPersonNameIdentifierType: 'LEGL' }] },
    ...(vasp.lei ? { nationalIdentification: { nationalIdentifier: vasp.lei, nationalIdentifierType: 'LEIX' } } : {}),
  },
});
