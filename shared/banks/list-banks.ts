import type { Where } from '#shared/banks/bank-rules.ts';
import { type Bank, toBank } from '#shared/banks/bank-view.ts';
import { listBanksOfCustomer } from '#shared/banks/repository.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import { listWalletsOfCustomer } from '#shared/wallets/repository.ts';

export async function listBanks(
  deps: Deps,
  input: Where & { limit: number; cursor?: string | undefined },
): Promise<Page<Bank>> {
  await requireCustomer(deps, input.organizationId, input.customerId);
  const page = await listBanksOfCustomer(deps.db, input.organizationId, input.customerId, input);
  if (page.items.length === 0) return { items: [], nextCursor: page.nextCursor };
  const wallets = await listWalletsOfCustomer(deps.db, input.organizationId, input.customerId);
  const walletsOf = (bankId: string) => wallets.filter((wallet) => wallet.withdrawalBankId === bankId);
  return { items: page.items.map((bank) => toBank(bank, walletsOf(bank.bankId))), nextCursor: page.nextCursor };
}
