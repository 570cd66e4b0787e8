import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createBank } from '#shared/banks/create-bank.ts';
import { CreateBankBody } from '#shared/banks/schemas.ts';
import { watchChain } from '#shared/deposits/watch-chain.ts';
import type { Deps } from '#shared/deps.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { jsonRpcChain } from '#shared/rails/chain/json-rpc-chain.ts';
import { eurBank, givenCustomer } from '#test/support/banks/bank-requests.ts';
import { givenOrganization } from '#test/support/deps.ts';
import type { startTestChain } from '#test/support/rails/local-chain.ts';

/** The API's request function (`useApi().request`). */
type Request = Parameters<typeof givenCustomer>[0];

type TestChain = Pick<Awaited<ReturnType<typeof startTestChain>>, 'rpcUrl' | 'usdcAddress' | 'mine'>;

/** An organization with a treasury on base (an address no one here holds a key to) and a bank's forwarder wallet. */
export async function givenForwarder(deps: Deps, request: Request) {
  const { apiKey, organizationId } = await givenOrganization(deps);
  const treasury = privateKeyToAccount(generatePrivateKey()).address;
  await updateOrganization(deps.db, organizationId, { treasuries: { base: treasury } }, new Date());
  const bank = await createBank(deps, {
    organizationId,
    environment: 'sandbox',
    customerId: await givenCustomer(request, apiKey),
    treasuries: { base: treasury },
    ...CreateBankBody.parse(eurBank()),
  });
  const address = bank.wallets.find((wallet) => wallet.chain === 'base')?.address as Hex;
  return { organizationId, treasury, address, apiKey };
}

/** Mines a block and runs the chain watcher on base with one confirmation: what was sent so far is credited. */
export async function creditSent(deps: Deps, chain: TestChain, startBlock = 0n) {
  await chain.mine(1);
  await watchChain(deps, jsonRpcChain(chain.rpcUrl), {
    chain: 'base',
    usdcAddress: chain.usdcAddress,
    usdcDecimals: 6,
    confirmations: 1,
    startBlock,
    blocksPerRun: 1000,
    blocksPerRequest: 100,
  });
}
