import type { Deps } from '#shared/deps.ts';
import { deleteDestinationWallet, WalletChangedError } from '#shared/wallets/destination-wallet-repository.ts';
import {
  MAX_DECISIONS,
  requireDestinationWallet,
  WALLET_CHANGING,
  type WalletWhere,
} from '#shared/wallets/wallet-rules.ts';

/** Compose's delete answer (its deleteCustomerWallet page and the demo). */
export const WALLET_DELETED = 'Wallet deleted successfully';

export async function deleteWallet(deps: Deps, input: WalletWhere): Promise<{ success: true; message: string }> {
  for (let decision = 1; decision <= MAX_DECISIONS; decision++) {
    const wallet = await requireDestinationWallet(deps, input);
    try {
      await deleteDestinationWallet(deps.db, wallet);
      return { success: true, message: WALLET_DELETED };
    } catch (error) {
      if (!(error instanceof WalletChangedError)) throw error;
    }
  }
  throw WALLET_CHANGING.error();
}
