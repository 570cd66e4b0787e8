import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestClient, type Hex, http, parseAbi, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileDepositFactory, deployDepositFactory } from '#infra/local/chain/deposit-factory.ts';
import { type Signer, signer } from '#infra/local/chain/test-usdc.ts';
import { type ForwarderFactory, forwarderAddress, forwarderSalt } from '#shared/wallets/forwarder-address.ts';
import { startTestChain, type TestChain } from '#test/support/rails/local-chain.ts';

/**
 * The deposit contracts (`shared/custody/contracts/`) on a real local node: addresses computed offline match the
 * factory's, a forwarder is deployed at its first flush and can only pay its treasury, only the sweeper flushes.
 */
const ABI = parseAbi([
  'struct Deposit { address treasury; bytes32 salt; }',
  'function forwarderAddress(address treasury, bytes32 salt) view returns (address)',
  'function flush(address token, Deposit deposit) returns (uint256)',
  'function flushBatch(address token, Deposit[] deposits) returns (uint256)',
  'function setSweeper(address sweeper)',
  'function balanceOf(address owner) view returns (uint256)',
  'function treasury() view returns (address)',
]);
const FORWARDER_ABI = parseAbi(['function flush(address token) returns (uint256)']);

let chain: TestChain;
let admin: Signer;
let sweeper: Signer;
let outsider: Signer;
let factory: ForwarderFactory;

async function fundedSigner(rpcUrl: string): Promise<Signer> {
  const key = generatePrivateKey();
  await createTestClient({ mode: 'hardhat', transport: http(rpcUrl) }).setBalance({
    address: privateKeyToAccount(key).address,
    value: parseEther('10'),
  });
  return signer(rpcUrl, key);
}

beforeAll(async () => {
  chain = await startTestChain();
  const cacheDir = process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache');
  admin = await fundedSigner(chain.rpcUrl);
  sweeper = await fundedSigner(chain.rpcUrl);
  outsider = await fundedSigner(chain.rpcUrl);
  factory = await deployDepositFactory(admin, compileDepositFactory(cacheDir), sweeper.account.address);
}, 120_000);

afterAll(async () => {
  await chain?.stop();
});

let walletCount = 0;
/** A fresh deposit wallet's salt and its treasury (an address nobody here holds a key to). */
function givenDeposit() {
  walletCount += 1;
  const treasury = privateKeyToAccount(generatePrivateKey()).address;
  const salt = forwarderSalt({ organizationId: 'org', customerId: 'cust', walletId: `wallet-${walletCount}` }) as Hex;
  return { treasury, salt, address: forwarderAddress(factory, treasury, salt) as Hex };
}

const balanceOf = (token: Hex, owner: string) =>
  admin.readContract({ address: token, abi: ABI, functionName: 'balanceOf', args: [owner as Hex] });

async function mined(hash: Hex) {
  const receipt = await sweeper.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 15_000 });
  expect(receipt.status).toBe('success');
  return receipt;
}

describe('deposit forwarders', () => {
  it('computes the address offline exactly as the factory does, and binds it to the treasury', async () => {
    const deposit = givenDeposit();
    const onChain = await admin.readContract({
      address: factory.factory as Hex,
      abi: ABI,
      functionName: 'forwarderAddress',
      args: [deposit.treasury, deposit.salt],
    });
    expect(onChain).toBe(deposit.address);
    const otherTreasury = privateKeyToAccount(generatePrivateKey()).address;
    expect(forwarderAddress(factory, otherTreasury, deposit.salt)).not.toBe(deposit.address);
  });

  it('receives before it exists, is deployed at its first flush and pays only its treasury', async () => {
    const deposit = givenDeposit();
    await chain.send(deposit.address, '25.5');
    expect(await admin.getCode({ address: deposit.address })).toBeUndefined();

    const hash = await sweeper.writeContract({
      address: factory.factory as Hex,
      abi: ABI,
      functionName: 'flush',
      args: [chain.usdcAddress, { treasury: deposit.treasury, salt: deposit.salt }],
    });
    await mined(hash);
    expect(await admin.getCode({ address: deposit.address })).toBeDefined();
    expect(await balanceOf(chain.usdcAddress, deposit.address)).toBe(0n);
    expect(await balanceOf(chain.usdcAddress, deposit.treasury)).toBe(25_500_000n);
    const treasury = await admin.readContract({ address: deposit.address, abi: ABI, functionName: 'treasury' });
    expect(treasury).toBe(deposit.treasury);

    // A second deposit to the deployed forwarder is flushed without deploying again.
    await chain.send(deposit.address, '1');
    await mined(
      await sweeper.writeContract({
        address: factory.factory as Hex,
        abi: ABI,
        functionName: 'flush',
        args: [chain.usdcAddress, { treasury: deposit.treasury, salt: deposit.salt }],
      }),
    );
    expect(await balanceOf(chain.usdcAddress, deposit.treasury)).toBe(26_500_000n);
  });

  it('lets no one but the sweeper flush, and no one at all call a forwarder directly', async () => {
    const deposit = givenDeposit();
    await chain.send(deposit.address, '5');
    await expect(
      outsider.writeContract({
        address: factory.factory as Hex,
        abi: ABI,
        functionName: 'flush',
        args: [chain.usdcAddress, { treasury: deposit.treasury, salt: deposit.salt }],
      }),
    ).rejects.toThrow(/OnlySweeper|reverted/);
    await mined(
      await sweeper.writeContract({
        address: factory.factory as Hex,
        abi: ABI,
        functionName: 'flush',
        args: [chain.usdcAddress, { treasury: deposit.treasury, salt: deposit.salt }],
      }),
    );
    await chain.send(deposit.address, '5');
    await expect(
      sweeper.writeContract({
        address: deposit.address,
        abi: FORWARDER_ABI,
        functionName: 'flush',
        args: [chain.usdcAddress],
      }),
    ).rejects.toThrow(/OnlyFactory|reverted/);
    expect(await balanceOf(chain.usdcAddress, deposit.address)).toBe(5_000_000n);
  });

  it('lets only the admin replace the sweeper', async () => {
    await expect(
      sweeper.writeContract({
        address: factory.factory as Hex,
        abi: ABI,
        functionName: 'setSweeper',
        args: [outsider.account.address],
      }),
    ).rejects.toThrow(/OnlyAdmin|reverted/);
  });

  it('flushes many forwarders in one transaction, for less gas per address than one at a time', async () => {
    const single = givenDeposit();
    await chain.send(single.address, '2');
    const singleReceipt = await mined(
      await sweeper.writeContract({
        address: factory.factory as Hex,
        abi: ABI,
        functionName: 'flush',
        args: [chain.usdcAddress, { treasury: single.treasury, salt: single.salt }],
      }),
    );
    const batch = [givenDeposit(), givenDeposit(), givenDeposit(), givenDeposit()];
    for (const deposit of batch) await chain.send(deposit.address, '3');
    const batchReceipt = await mined(
      await sweeper.writeContract({
        address: factory.factory as Hex,
        abi: ABI,
        functionName: 'flushBatch',
        args: [chain.usdcAddress, batch.map(({ treasury, salt }) => ({ treasury, salt }))],
      }),
    );
    for (const deposit of batch) {
      expect(await balanceOf(chain.usdcAddress, deposit.address)).toBe(0n);
      expect(await balanceOf(chain.usdcAddress, deposit.treasury)).toBe(3_000_000n);
    }
    expect(batchReceipt.gasUsed / BigInt(batch.length)).toBeLessThan(singleReceipt.gasUsed);
  });
});
