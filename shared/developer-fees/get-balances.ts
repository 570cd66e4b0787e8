import { chainRpcConfig } from '#shared/config/chain-rpc.ts';
import type { Deps } from '#shared/deps.ts';
import type { Balances } from '#shared/developer-fees/schemas.ts';
import { getOrganizationLedger } from '#shared/ledger/organization-ledger-repository.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { configuredChainPorts } from '#shared/wallets/chain-ports.ts';

/** Compose runs on Base: its single `nonCustodial.address` is the Base treasury when there is one. */
const PRIMARY_CHAIN: Chain = 'base';

/**
 * Compose's `GET /balances`: the organization's own USDC. Custodial: what the service holds for it (its claimed
 * developer fees; customers' balances are theirs, not the organization's). Non-custodial: its treasury (custody,
 * `shared/custody/README.md`), the address its deposit forwarders pay out to, and the USDC the treasury holds on
 * each chain with a treasury and a node to ask (read on chain at request time; the service holds no key to it).
 */
export async function getBalances(
  deps: Deps,
  organization: Pick<Organization, 'organizationId' | 'treasuries'>,
): Promise<Balances> {
  const [{ balance }, nonCustodial] = await Promise.all([
    getOrganizationLedger(deps.db, organization.organizationId),
    treasuryBalances(deps, organization.treasuries ?? {}),
  ]);
  return {
    custodial: {
      balances: [
        {
          currency: 'usdc',
          balance: formatMicro(balance.available + balance.locked),
          availableBalance: formatMicro(balance.available),
          lockedBalance: formatMicro(balance.locked),
        },
      ],
    },
    nonCustodial,
  };
}

async function treasuryBalances(deps: Deps, treasuries: Partial<Record<Chain, string>>) {
  const chains = (Object.keys(treasuries) as Chain[]).filter((chain) => treasuries[chain]);
  const address = treasuries[PRIMARY_CHAIN] ?? (chains[0] ? treasuries[chains[0]] : undefined) ?? null;
  const rpc = chainRpcConfig();
  const balances = await Promise.all(
    chains.flatMap((chain) => {
      const treasury = treasuries[chain];
      const tokenAddress = rpc[chain]?.usdcAddress;
      if (!treasury || !tokenAddress) return [];
      return [
        (async () => {
          const amount = formatMicro(await treasuryUsdc(deps, chain, treasury, tokenAddress));
          return {
            currency: 'usdc',
            chain,
            balance: amount,
            availableBalance: amount,
            lockedBalance: '0.00',
            tokenAddress,
          };
        })(),
      ];
    }),
  );
  return { address, balances };
}

/** The USDC (micro) `treasury` holds on `chain`, read at request time from the chain's node. */
export async function treasuryUsdc(deps: Deps, chain: Chain, treasury: string, tokenAddress: string): Promise<bigint> {
  return (await configuredChainPorts(deps.config.region).portOf(chain)).tokenBalance(tokenAddress, treasury);
}
