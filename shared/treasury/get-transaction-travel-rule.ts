import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { formatMicro } from '#shared/money/micro.ts';
import { getOwnershipProof } from '#shared/treasury/ownership-proof.ts';
import { type TravelRule, toSendView } from '#shared/treasury/schemas.ts';
import { getSend } from '#shared/treasury/send-repository.ts';
import { TRAVEL_RULE_NOT_FOUND } from '#shared/treasury/treasury-rules.ts';

/**
 * The Travel Rule data of a customer's transaction: the crypto leg of an on-ramp deposit sent to a destination wallet
 * (its send is named by the deposit), with the IVMS101 originator and beneficiary, who holds the address, and the
 * ownership proof of a self-hosted address. A transaction without a crypto leg is 404.
 */
export async function getTransactionTravelRule(
  deps: Deps,
  input: { organizationId: string; customerId: string; transactionId: string },
): Promise<TravelRule> {
  await requireCustomer(deps, input.organizationId, input.customerId);
  const send = await getSend(deps.db, input.organizationId, input.transactionId);
  if (!send?.travelRule || send.customerId !== input.customerId) throw TRAVEL_RULE_NOT_FOUND.error();
  const proof =
    send.travelRule.custodian.type === 'SELF_HOSTED'
      ? await getOwnershipProof(deps.db, send.organizationId, input.customerId, send.destination)
      : undefined;
  return {
    transactionId: input.transactionId,
    send: toSendView(send, formatMicro(send.amountMicro)),
    custodian: send.travelRule.custodian,
    eurValue: send.travelRule.eurValue,
    ivms101: send.travelRule.ivms101,
    ownershipProof: proof ? { message: proof.message, signature: proof.signature, verifiedAt: proof.verifiedAt } : null,
  };
}
