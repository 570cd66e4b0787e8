import type { Deps } from '#shared/deps.ts';
import { formatMicro } from '#shared/money/micro.ts';
import { getOwnershipProof } from '#shared/treasury/ownership-proof.ts';
import type { TreasurySendRecord } from '#shared/treasury/records.ts';
import { listSendsOfOrganization } from '#shared/treasury/send-repository.ts';
import { trpInquiry } from '#shared/treasury/trp-message.ts';

/** One crypto leg as an auditor reads it: the transfer, its IVMS101 data, who holds the address, the proof. */
export type TravelRuleExportEntry = {
  sendId: string;
  purpose: TreasurySendRecord['purpose'];
  chain: TreasurySendRecord['chain'];
  amount: string;
  from: string;
  to: string;
  status: TreasurySendRecord['status'];
  txHash: string | null;
  blockNumber: string | null;
  createdAt: string;
  minedAt: string | null;
  custodian: NonNullable<TreasurySendRecord['travelRule']>['custodian'] | null;
  eurValue: string | null;
  ivms101: NonNullable<TreasurySendRecord['travelRule']>['ivms101'] | null;
  ownershipProof: { message: string; signature: string; verifiedAt: string } | null;
  /** The TRP inquiry carried to another provider (VASP custodians only). */
  trpInquiry: ReturnType<typeof trpInquiry> | null;
};

/**
 * The Travel Rule record of an organization's sends for an auditor (EU 2023/1113 keeps them five years): every send
 * with its IVMS101 originator and beneficiary, the custodian of the destination, the ownership proof of a self-hosted
 * address (message and signature, verifiable by anyone) and the TRP inquiry of a send to another provider, as JSON
 * lines, oldest first. Fee withdrawals carry none (the organization pays itself) and are listed for completeness.
 */
export async function exportTravelRule(
  deps: Deps,
  input: {
    organizationId: string;
    usdcAddressOf: (chain: TreasurySendRecord['chain']) => string;
    callbackBase: string;
  },
): Promise<string> {
  const sends = (await listSendsOfOrganization(deps.db, input.organizationId)).sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  const entries: TravelRuleExportEntry[] = [];
  for (const send of sends) {
    const proof =
      send.customerId && send.travelRule?.custodian.type === 'SELF_HOSTED'
        ? await getOwnershipProof(deps.db, send.organizationId, send.customerId, send.destination)
        : undefined;
    entries.push({
      sendId: send.sendId,
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
      ownershipProof: proof
        ? { message: proof.message, signature: proof.signature, verifiedAt: proof.verifiedAt }
        : null,
      trpInquiry: trpInquiry(send, input.usdcAddressOf(send.chain), input.callbackBase) ?? null,
    });
  }
  return entries.map((entry) => JSON.stringify(entry)).join('\n');
}
