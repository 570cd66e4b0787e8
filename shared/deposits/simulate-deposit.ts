import { randomBytes } from 'node:crypto';
import { DEV_CHAIN_FAILED } from '#shared/deposits/inbound-rules.ts';
import { type InboundResult, ingestInboundTransfer } from '#shared/deposits/ingest-inbound-transfer.ts';
import type { Deps } from '#shared/deps.ts';
import { FieldError } from '#shared/errors.ts';
import type { Chain } from '#shared/money/chains.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { ChainRpcError } from '#shared/rails/chain/port.ts';
import { addressOfKey, sendTokenTransfer } from '#shared/rails/chain/token-transfer.ts';
import { parseUnits } from '#shared/rails/chain/units.ts';
import { findDepositAddress } from '#shared/wallets/repository.ts';
import { WALLET_NOT_FOUND } from '#shared/wallets/wallet-rules.ts';

/** The USDC test token of a development chain has USDC's 6 decimals. */
const TEST_USDC_DECIMALS = 6;

const randomTxHash = () => `0x${randomBytes(32).toString('hex')}`;

/**
 * `POST /sandbox/deposits`: USDC arrives at one of the organization's deposit addresses. On a development chain
 * (`SANDBOX_CHAINS`, which `npm start` sets) it is a real token transfer from the funded development key, then
 * reported with its real hash and log index, the key the chain watcher reports it under too (so the watcher's later
 * sighting replays it). Without a development chain, or when the caller names a `txHash` (a report of a transfer made
 * elsewhere), the report alone goes to the same ingestion, as log 0 of that (or a made-up) hash.
 */
export async function simulateDeposit(
  deps: Deps,
  input: {
    organization: Organization;
    chain: Chain;
    address: string;
    amount: string;
    txHash?: string | undefined;
    from?: string | undefined;
  },
): Promise<InboundResult> {
  const { organization, chain, amount } = input;
  const development = deps.config.deposits.sandboxChains.find((candidate) => candidate.chain === chain);
  // A named sender is a report too: the development key sends every real test transfer.
  if (input.txHash !== undefined || input.from !== undefined || !development) {
    const txHash = input.txHash ?? randomTxHash();
    const { from } = input;
    return ingestInboundTransfer(deps, {
      organization,
      chain,
      address: input.address,
      amount,
      txHash,
      logIndex: 0,
      from,
    });
  }
  if (!deps.config.supportedChains.includes(chain)) {
    throw new FieldError('chain', `Must be one of: ${deps.config.supportedChains.join(', ')}`);
  }
  // Test tokens go only to a deposit address of this organization on this chain.
  const owner = await findDepositAddress(deps.db, input.address);
  if (!owner || owner.chain !== chain || owner.organizationId !== organization.organizationId) {
    throw WALLET_NOT_FOUND.error();
  }
  let sent: Awaited<ReturnType<typeof sendTokenTransfer>>;
  try {
    sent = await sendTokenTransfer({
      rpcUrl: development.rpcUrl,
      token: development.usdcAddress,
      privateKey: development.fundedPrivateKey,
      to: owner.address,
      value: parseUnits(amount, TEST_USDC_DECIMALS),
    });
  } catch (error) {
    if (error instanceof ChainRpcError) throw DEV_CHAIN_FAILED.error(chain);
    throw error;
  }
  // The development key sent it: the sender the watcher reads from the log too (screening, Travel Rule).
  const from = addressOfKey(Buffer.from(development.fundedPrivateKey.slice(2), 'hex'));
  return ingestInboundTransfer(deps, { organization, chain, address: owner.address, amount, ...sent, from });
}
