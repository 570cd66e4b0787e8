import { createTestClient, createWalletClient, erc20Abi, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Deps } from '#shared/deps.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { parseUnits } from '#shared/rails/chain/units.ts';
import { createWallet } from '#shared/wallets/create-wallet.ts';
import { givenCustomer } from '#test/support/banks/bank-requests.ts';
import type { startSweeperChain } from '#test/support/custody/sweeper-chain.ts';
import { givenOrganization } from '#test/support/deps.ts';

type Request = Parameters<typeof givenCustomer>[0];
type SweeperChain = Awaited<ReturnType<typeof startSweeperChain>>;

/**
 * An organization whose base treasury is a key this test holds (so it can approve the relayer, as the treasury's
 * holder does once in AWS), holding `usdc` and allowing the relayer everything; a customer with a destination
 * wallet on base whose key the test holds too (to sign an ownership proof).
 */
export async function givenTreasury(deps: Deps, request: Request, sweeper: SweeperChain, usdc: string) {
  const { apiKey, organizationId } = await givenOrganization(deps);
  const treasuryKey = privateKeyToAccount(generatePrivateKey());
  await updateOrganization(deps.db, organizationId, { treasuries: { base: treasuryKey.address } }, new Date());
  await createTestClient({ mode: 'hardhat', transport: http(sweeper.chain.rpcUrl) }).setBalance({
    address: treasuryKey.address,
    value: parseEther('1'),
  });
  const treasuryWallet = createWalletClient({ account: treasuryKey, transport: http(sweeper.chain.rpcUrl) });
  await treasuryWallet.writeContract({
    address: sweeper.chain.usdcAddress,
    abi: erc20Abi,
    functionName: 'approve',
    args: [sweeper.relayer.address as Hex, 2n ** 256n - 1n],
    chain: null,
  });
  if (usdc !== '0') await sweeper.chain.send(treasuryKey.address, usdc);
  const customerId = await givenCustomer(request, apiKey);
  const owner = privateKeyToAccount(generatePrivateKey());
  const wallet = await createWallet(deps, {
    organizationId,
    customerId,
    address: owner.address,
    currency: 'usdc',
    chain: 'base',
  });
  return { organizationId, apiKey, customerId, walletId: wallet.id, owner, treasury: treasuryKey.address };
}

export const micro = (usdc: string) => parseUnits(usdc, 6);
