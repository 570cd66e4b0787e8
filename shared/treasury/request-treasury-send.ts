import type { Deps } from '#shared/deps.ts';
import { newId } from '#shared/ids.ts';
import type { Chain } from '#shared/money/chains.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { toChecksumAddress } from '#shared/rails/chain/address.ts';
import type { SendPurpose, TravelRuleRecord, TreasurySendRecord } from '#shared/treasury/records.ts';
import { sendInsert } from '#shared/treasury/send-repository.ts';
import { NO_TREASURY } from '#shared/treasury/treasury-rules.ts';

/**
 * A send of USDC out of the organization's treasury, as a new WAITING record and the item that writes it: the caller
 * writes it in its own transaction with what it records (the on-ramp deposit, the fee withdrawal's debit), so the
 * send exists exactly when its cause does. The chain's send runner takes it from there (`run-treasury-sends.ts`).
 */
export function newTreasurySend(
  deps: Deps,
  organization: Pick<Organization, 'organizationId' | 'treasuries'>,
  input: {
    purpose: SendPurpose;
    chain: Chain;
    destination: string;
    amountMicro: bigint;
    customerId?: string;
    transactionId?: string;
    travelRule: TravelRuleRecord | null;
    requestedBy: string | null;
  },
) {
  const treasury = organization.treasuries?.[input.chain];
  if (!treasury) throw NO_TREASURY.error(input.chain);
  const at = deps.clock.now().toISOString();
  const send: TreasurySendRecord = {
    // An on-ramp deposit's send is named by its deposit, so the deposit's Travel Rule data is one read away.
    sendId: input.transactionId ?? newId(),
    organizationId: organization.organizationId,
    purpose: input.purpose,
    customerId: input.customerId ?? null,
    transactionId: input.transactionId ?? null,
    chain: input.chain,
    treasury: toChecksumAddress(treasury),
    destination: toChecksumAddress(input.destination),
    amountMicro: input.amountMicro,
    status: 'WAITING',
    waitingReason: null,
    waitingDetail: null,
    relayer: null,
    attempts: [],
    txHash: null,
    blockNumber: null,
    travelRule: input.travelRule,
    requestedBy: input.requestedBy,
    createdAt: at,
    updatedAt: at,
    minedAt: null,
    version: 0,
    treasuryCheck: null,
  };
  return { send, item: sendInsert(deps.db, send) };
}
