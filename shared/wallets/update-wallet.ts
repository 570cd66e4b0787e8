import type { Deps } from '#shared/deps.ts';
import {
  AddressInUseError,
  changeWalletAddress,
  WalletChangedError,
} from '#shared/wallets/destination-wallet-repository.ts';
import { toWallet, type Wallet } from '#shared/wallets/schemas.ts';
import {
  ADDRESS_IN_USE,
  MAX_DECISIONS,
  requireDestinationWallet,
  WALLET_CHANGING,
  type WalletWhere,
} from '#shared/wallets/wallet-rules.ts';

export async function updateWallet(deps: Deps, input: WalletWhere & { address: string }): Promise<Wallet> {
  for (let decision = 1; decision <= MAX_DECISIONS; decision++) {
    const wallet = await requireDestinationWallet(deps, input);
    // The same address in another case is the same address: nothing to move (EIP-55 is only a rendering).
    if (wallet.address.toLowerCase() === input.address.toLowerCase()) return toWallet(wallet);
    try {
      return toWallet(await changeWalletAddress(deps.db, { wallet, address: input.address, now: deps.clock.now() }));
    } catch (error) {
      if (error instanceof AddressInUseError) throw ADDRESS_IN_USE.error();
      if (!(error instanceof WalletChangedError)) throw error;
    }
  }
  throw WALLET_CHANGING.error();
}
