import type { Deps } from '#shared/deps.ts';
import { formatMicro } from '#shared/money/micro.ts';
import { listDepositTravelRules } from '#shared/travel-rule/deposit-repository.ts';
import { getOwnershipProof } from '#shared/travel-rule/ownership-proof.ts';
import type { DepositTravelRuleRecord } from '#shared/travel-rule/records.ts';
import type { TreasurySendRecord } from '#shared/treasury/records.ts';
import { listSendsOfOrganization } from '#shared/treasury/send-repository.ts';
import { trpInquiry } from '#shared/treasury/trp-message.ts';

/** One crypto leg as an auditor reads it: the transfer, its IVMS101 data, who holds the address, the proof. */
export type TravelRuleExportEntry = {
  leg: 'SEND' | 'DEPOSIT';
  /** The send's id (an on-ramp send's is its deposit's transaction id); null for a deposit. */
  sendId: string | null;
  transactionId: string | null;
  purpose: TreasurySendRecord['purpose'] | 'INBOUND_DEPOSIT';
  chain: TreasurySendRecord['chain'];
  amount: string;
  /** The sending address (a deposit reported without it: null). */
  from: string | null;
  to: string;
  /** A send's status; a deposit arrived (it is recorded confirmed). */
  status: TreasurySendRecord['status'] | 'RECEIVED';
  txHash: string | null;
  blockNumber: string | null;
  createdAt: string;
  minedAt: string | null;
  custodian: NonNullable<TreasurySendRecord['travelRule']>['custodian'] | null;
  eurValue: string | null;
  ivms101: DepositTravelRuleRecord['ivms101'] | null;
  /** A deposit's: whether the originator data is held (MISSING: detected, awaiting the integrator); null for a send. */
  originatorStatus: DepositTravelRuleRecord['originatorStatus'] | null;
  ownershipProof: { message: string; signature: string; verifiedAt: string } | null;
  /** The TRP inquiry carried to another provider (VASP custodians only). */
  trpInquiry: ReturnType<typeof trpInquiry> | null;
};

/**
 * The Travel Rule record of an organization's crypto legs for an auditor (EU 2023/1113 keeps them five years): every
 * send out of the treasury and every deposit that arrived, with its IVMS101 originator and beneficiary, who holds the
 * other address, the ownership proof of a self-hosted address (message and signature, verifiable by anyone), a
 * deposit's originator status and the TRP inquiry of a send to another provider, as JSON lines, oldest first. Fee
 * withdrawals carry none (the organization pays itself) and are listed for completeness.
 */
export async function exportTravelRule(
  deps: Deps,
  input: {
    organizationId: string;
    usdcAddressOf: (chain: TreasurySendRecord['chain']) => string;
    callbackBase: string;
  },
): Promise<string> {
  const [sends, deposits] = await Promise.all([
    listSendsOfOrganization(deps.db, input.organizationId),
    listDepositTravelRules(deps.db, input.organizationId),
  ]);
  const entries: TravelRuleExportEntry[] = [];
  for (const deposit of deposits) entries.push(await depositEntry(deps, deposit));
  for (const send of sends) {
    const proof =
      send.customerId && send.travelRule?.custodian.type === 'SELF_HOSTED'
        ? await getOwnershipProof(deps.db, send.organizationId, send.customerId, send.destination)
        : undefined;
    entries.push({
      leg: 'SEND',
      sendId: send.sendId,
      transactionId: send.transactionId,
      purpose: send.purpose,
      chain: send.chain,
      amount: formatMicro(send.amountMicro),
      from: send.treasury,
      to: send.destination,
      status: send.status,
      txHash: send.txHash,
      blockNumber: send.blockNumber,
      createdAt: send.createdAt,
      minedAt: send.minedAt,
      custodian: send.travelRule?.custodian ?? null,
      eurValue: send.travelRule?.eurValue ?? null,
      ivms101: send.travelRule?.ivms101 ?? null,
      originatorStatus: null,
      ownershipProof: proof
        ? { message: proof.message, signature: proof.signature, verifiedAt: proof.verifiedAt }
        : null,
      trpInquiry: trpInquiry(send, input.usdcAddressOf(send.chain), input.callbackBase) ?? null,
    });
  }
  return entries
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((entry) => JSON.stringify(entry))
    .join('\n');
}

async function depositEntry(deps: Deps, deposit: DepositTravelRuleRecord): Promise<TravelRuleExportEntry> {
  const proof =
    deposit.sourceCustodian?.type === 'SELF_HOSTED' && deposit.from
      ? await getOwnershipProof(deps.db, deposit.organizationId, deposit.customerId, deposit.from)
      : undefined;
  return {
    leg: 'DEPOSIT',
    sendId: null,
    transactionId: deposit.transactionId,
    purpose: 'INBOUND_DEPOSIT',
    chain: deposit.chain,
    amount: deposit.amount,
    from: deposit.from,
    to: deposit.to,
    status: 'RECEIVED',
    txHash: deposit.txHash,
    blockNumber: null,
    createdAt: deposit.receivedAt,
    minedAt: null,
    custodian: deposit.sourceCustodian,
    eurValue: deposit.eurValue,
    ivms101: deposit.ivms101,
    originatorStatus: deposit.originatorStatus,
    ownershipProof: proof ? { message: proof.message, signature: proof.signature, verifiedAt: proof.verifiedAt } : null,
    trpInquiry: null,
  };
}
