import { createWalletClient, getAddress, type Hex, http, parseAbi, parseEventLogs, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ChainRpcError } from '#shared/rails/chain/port.ts';

const ERC20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

export type SentTransfer = { txHash: string; logIndex: number; blockNumber: bigint };

/**
 * Sends `value` (smallest unit) of the ERC-20 `token` to `to`, signed by `privateKey`, and waits for its receipt:
 * the sandbox's real transfer on a development chain. Never given a key that holds real funds.
 */
export async function sendTokenTransfer(input: {
  rpcUrl: string;
  token: string;
  privateKey: string;
  to: string;
  value: bigint;
}): Promise<SentTransfer> {
  const account = privateKeyToAccount(input.privateKey as Hex);
  const client = createWalletClient({ account, transport: http(input.rpcUrl, { timeout: 10_000 }) }).extend(
    publicActions,
  );
  try {
    const chainId = await client.getChainId();
    const txHash = await client.writeContract({
      chain: {
        id: chainId,
        name: 'development',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [input.rpcUrl] } },
      },
      address: getAddress(input.token),
      abi: ERC20,
      functionName: 'transfer',
      args: [getAddress(input.to), input.value],
    });
    const receipt = await client.waitForTransactionReceipt({ hash: txHash, pollingInterval: 50, timeout: 15_000 });
    if (receipt.status !== 'success') throw new ChainRpcError(`token transfer ${txHash} reverted`);
    const [log] = parseEventLogs({ abi: ERC20, eventName: 'Transfer', logs: receipt.logs });
    if (!log) throw new ChainRpcError(`token transfer ${txHash} emitted no Transfer log`);
    return { txHash, logIndex: log.logIndex, blockNumber: receipt.blockNumber };
  } catch (error) {
    if (error instanceof ChainRpcError) throw error;
    throw new ChainRpcError(`token transfer: ${error instanceof Error ? error.message : String(error)}`);
  }
}
