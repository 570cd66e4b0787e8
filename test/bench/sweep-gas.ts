/**
 * Gas per swept deposit address (custody), a companion of `npm run bench`: on a fresh local chain, the
 * deposit forwarder factory flushes forwarders holding USDC, first one per transaction, then in batches, each
 * forwarder deployed at its sweep (its first) and again once deployed. Gas is the chain's own count, so one run is
 * exact. The anchor: a BitGo forwarder flush costs about 53,000 gas on Ethereum mainnet (already deployed).
 * Prints a markdown table.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestClient, type Hex, http, parseAbi, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { compileDepositFactory, deployDepositFactory } from '#infra/local/chain/deposit-factory.ts';
import { startLocalChains } from '#infra/local/chain/local-chains.ts';
import { compileTestUsdc, signer, transferTestUsdc } from '#infra/local/chain/test-usdc.ts';
import { forwarderAddress, forwarderSalt } from '#shared/wallets/forwarder-address.ts';

const ABI = parseAbi([
  'struct Deposit { address treasury; bytes32 salt; }',
  'function flushBatch(address token, Deposit[] deposits) returns (uint256)',
]);
const SIZES = [1, 5, 20];

const cacheDir = process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache');
const local = await startLocalChains({ chains: ['base'], cacheDir, blockMs: 0 });
try {
  const [base] = local.chains;
  if (!base) throw new Error('no chain');
  const holder = await signer(base.rpcUrl, base.fundedPrivateKey as Hex);
  const sweeperKey = generatePrivateKey();
  await createTestClient({ mode: 'hardhat', transport: http(base.rpcUrl) }).setBalance({
    address: privateKeyToAccount(sweeperKey).address,
    value: parseEther('10'),
  });
  const sweeper = await signer(base.rpcUrl, sweeperKey);
  const factory = await deployDepositFactory(holder, compileDepositFactory(cacheDir), sweeper.account.address);
  const usdc = compileTestUsdc(cacheDir);
  const treasury = privateKeyToAccount(generatePrivateKey()).address;
  let wallets = 0;
  const fresh = (count: number) =>
    Array.from({ length: count }, () => {
      wallets += 1;
      const salt = forwarderSalt({ organizationId: 'bench', customerId: 'bench', walletId: `w${wallets}` }) as Hex;
      return { treasury, salt, address: forwarderAddress(factory, treasury, salt) };
    });
  async function sweepGas(deposits: ReturnType<typeof fresh>) {
    for (const deposit of deposits)
      await transferTestUsdc(holder, usdc, base?.usdcAddress as Hex, deposit.address, 1_000_000n);
    const hash = await sweeper.writeContract({
      address: factory.factory as Hex,
      abi: ABI,
      functionName: 'flushBatch',
      args: [base?.usdcAddress as Hex, deposits.map(({ treasury: t, salt }) => ({ treasury: t, salt }))],
    });
    const receipt = await sweeper.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 30_000 });
    return receipt.gasUsed / BigInt(deposits.length);
  }
  const rows = [
    '| Forwarders per sweep | Gas per address, first sweep (deploys) | Gas per address, deployed |',
    '| ---: | ---: | ---: |',
  ];
  for (const size of SIZES) {
    const deposits = fresh(size);
    const first = await sweepGas(deposits);
    const again = await sweepGas(deposits);
    rows.push(`| ${size} | ${first.toLocaleString('en')} | ${again.toLocaleString('en')} |`);
  }
  process.stdout.write(
    `Gas per swept deposit address (anchor: a BitGo forwarder flush, about 53,000)\n\n${rows.join('\n')}\n`,
  );
} finally {
  await local.node.stop();
}
