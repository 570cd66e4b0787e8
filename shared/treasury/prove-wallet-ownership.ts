import type { Deps } from '#shared/deps.ts';
import { proveAddressOwnership } from '#shared/travel-rule/ownership-proof.ts';
import { destinationWallet, type WalletInput } from '#shared/treasury/get-wallet-ownership.ts';
import type { WalletOwnership } from '#shared/treasury/schemas.ts';

/** The customer's signature of the ownership message by the wallet's address: verified and stored, or refused (400). */
export async function proveWalletOwnership(
  deps: Deps,
  input: WalletInput & { signature: string },
): Promise<WalletOwnership> {
  const wallet = await destinationWallet(deps, input);
  const proof = await proveAddressOwnership(deps, {
    organizationId: input.organizationId,
    customerId: input.customerId,
    address: wallet.address,
    signature: input.signature,
  });
  return {
    walletId: input.walletId,
    address: proof.address,
    message: proof.message,
    proven: true,
    signature: proof.signature,
    verifiedAt: proof.verifiedAt,
  };
}
