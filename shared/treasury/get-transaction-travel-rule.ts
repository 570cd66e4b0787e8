import { chainRpcConfig } from '#shared/config/chain-rpc.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro } from '#shared/money/micro.ts';
import { getDepositTravelRule } from '#shared/travel-rule/deposit-repository.ts';
import { getOwnershipProof } from '#shared/travel-rule/ownership-proof.ts';
import type { DepositTravelRuleRecord } from '#shared/travel-rule/records.ts';
import type { TreasurySendRecord } from '#shared/treasury/records.ts';
import { type TravelRule, toSendView } from '#shared/treasury/schemas.ts';
import { getSend } from '#shared/treasury/send-repository.ts';
import { TRAVEL_RULE_NOT_FOUND } from '#shared/treasury/treasury-rules.ts';
import { configuredChainPorts } from '#shared/wallets/chain-ports.ts';

/**
 * The Travel Rule data of a customer's transaction: the crypto leg of an on-ramp deposit sent to a destination wallet
 * (its send is named by the deposit; a mined one with its confirmations), or of USDC that arrived at a deposit address,
 * with the IVMS101 originator and beneficiary, who holds the address, and the ownership proof of a self-hosted one. A
 * transaction without a crypto leg is 404.
 */
export async function getTransactionTravelRule(
  deps: Deps,
  input: { organizationId: string; customerId: string; transactionId: string },
): Promise<TravelRule> {
  await requireCustomer(deps, input.organizationId, input.customerId);
  const [send, deposit] = await Promise.all([
    getSend(deps.db, input.organizationId, input.transactionId),
    getDepositTravelRule(deps.db, input.organizationId, input.transactionId),
  ]);
  if (send?.travelRule && send.customerId === input.customerId) return sendTravelRule(deps, send);
  if (deposit && deposit.customerId === input.customerId) return depositTravelRuleView(deps, deposit);
  throw TRAVEL_RULE_NOT_FOUND.error();
}

async function sendTravelRule(deps: Deps, send: TreasurySendRecord): Promise<TravelRule> {
  const travelRule = send.travelRule;
  if (!travelRule || !send.customerId) throw TRAVEL_RULE_NOT_FOUND.error();
  const [proof, head] = await Promise.all([
    travelRule.custodian.type === 'SELF_HOSTED'
      ? getOwnershipProof(deps.db, send.organizationId, send.customerId, send.destination)
      : undefined,
    send.status === 'MINED' ? chainHead(deps, send.chain) : undefined,
  ]);
  return {
    transactionId: send.sendId,
    direction: 'OUTBOUND',
    send: toSendView(send, formatMicro(send.amountMicro), head),
    deposit: null,
    custodian: travelRule.custodian,
    eurValue: travelRule.eurValue,
    ivms101: travelRule.ivms101,
    ownershipProof: proof ? { message: proof.message, signature: proof.signature, verifiedAt: proof.verifiedAt } : null,
  };
}

export async function depositTravelRuleView(deps: Deps, rule: DepositTravelRuleRecord): Promise<TravelRule> {
  const proof =
    rule.sourceCustodian?.type === 'SELF_HOSTED' && rule.from
      ? await getOwnershipProof(deps.db, rule.organizationId, rule.customerId, rule.from)
      : undefined;
  return {
    transactionId: rule.transactionId,
    direction: 'INBOUND',
    send: null,
    deposit: {
      chain: rule.chain,
      txHash: rule.txHash,
      logIndex: rule.logIndex,
      from: rule.from,
      to: rule.to,
      amount: rule.amount,
      receivedAt: rule.receivedAt,
      originatorStatus: rule.originatorStatus,
      missing: rule.missing,
      completedBy: rule.completedBy,
      completedAt: rule.completedAt,
    },
    custodian: rule.sourceCustodian,
    eurValue: rule.eurValue,
    ivms101: rule.ivms101,
    ownershipProof: proof ? { message: proof.message, signature: proof.signature, verifiedAt: proof.verifiedAt } : null,
  };
}

/** The chain's newest block for a mined send's confirmations; undefined when no node is configured or it fails. */
async function chainHead(deps: Deps, chain: Chain): Promise<bigint | undefined> {
  if (!chainRpcConfig()[chain]) return undefined;
  try {
    return await (await configuredChainPorts(deps.config.region).portOf(chain)).headBlockNumber();
  } catch (error) {
    log.warn('the chain head was not read: confirmations left out', { chain, error: String(error) });
    return undefined;
  }
}
