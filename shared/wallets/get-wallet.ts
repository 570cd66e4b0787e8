import type { Deps } from '#shared/deps.ts';
import { toWallet, type Wallet } from '#shared/wallets/schemas.ts';
import { requireWallet, type WalletWhere } from '#shared/wallets/wallet-rules.ts';

export async function getWallet(deps: Deps, input: WalletWhere): Promise<Wallet> {
  return toWallet(await requireWallet(deps, input));
}
