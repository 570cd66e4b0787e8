import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Deps } from '#shared/deps.ts';
import { FieldError } from '#shared/errors.ts';
import { newId } from '#shared/ids.ts';
import { AddressInUseError, insertDestinationWallet } from '#shared/wallets/destination-wallet-repository.ts';
import type { WalletRecord } from '#shared/wallets/records.ts';
import { type CreateWalletInput, toWallet, type Wallet } from '#shared/wallets/schemas.ts';
import { ADDRESS_IN_USE, type Where } from '#shared/wallets/wallet-rules.ts';

/** A destination wallet: the customer's own address for on-ramp deposits, on a chain the platform supports. */
export async function createWallet(deps: Deps, input: Where & CreateWalletInput): Promise<Wallet> {
  const { supportedChains } = deps.config;
  if (!supportedChains.includes(input.chain)) {
    throw new FieldError('chain', `Must be one of: ${supportedChains.join(', ')}`);
  }
  await requireCustomer(deps, input.organizationId, input.customerId);
  const at = deps.clock.now().toISOString();
  const wallet: WalletRecord = {
    walletId: newId(),
    organizationId: input.organizationId,
    customerId: input.customerId,
    kind: 'DESTINATION',
    address: input.address,
    currency: input.currency,
    chain: input.chain,
    enabled: true,
    withdrawalBankId: null,
    derivationIndex: null,
    createdAt: at,
    updatedAt: at,
  };
  try {
    await insertDestinationWallet(deps.db, wallet);
  } catch (error) {
    if (error instanceof AddressInUseError) throw ADDRESS_IN_USE.error();
    throw error;
  }
  return toWallet(wallet);
}
