import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { getOwnershipProof, ownershipMessage } from '#shared/travel-rule/ownership-proof.ts';
import type { WalletOwnership } from '#shared/treasury/schemas.ts';
import { getWalletOfCustomer } from '#shared/wallets/destination-wallet-repository.ts';
import { WALLET_NOT_FOUND } from '#shared/wallets/wallet-rules.ts';

export type WalletInput = { organizationId: string; customerId: string; walletId: string };

/** The customer's destination wallet (404 for any other). */
export async function destinationWallet(deps: Deps, input: WalletInput) {
  await requireCustomer(deps, input.organizationId, input.customerId);
  const wallet = await getWalletOfCustomer(deps.db, input.organizationId, input.customerId, input.walletId);
  if (wallet?.kind !== 'DESTINATION') throw WALLET_NOT_FOUND.error();
  return wallet;
}

/**
 * A destination wallet's ownership as the customer proves it (shared/treasury/README.md, "Self-hosted addresses"):
 * the message its address must sign with EIP-191 `personal_sign`, and the proof once given.
 */
export async function getWalletOwnership(deps: Deps, input: WalletInput): Promise<WalletOwnership> {
  const wallet = await destinationWallet(deps, input);
  const proof = await getOwnershipProof(deps.db, input.organizationId, input.customerId, wallet.address);
  return {
    walletId: input.walletId,
    address: wallet.address,
    message: ownershipMessage(input.organizationId, input.customerId, wallet.address),
    proven: proof !== undefined,
    signature: proof?.signature ?? null,
    verifiedAt: proof?.verifiedAt ?? null,
  };
}
