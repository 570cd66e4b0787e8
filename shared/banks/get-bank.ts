import { requireBank, type Where } from '#shared/banks/bank-rules.ts';
import { type Bank, toBank } from '#shared/banks/bank-view.ts';
import type { Deps } from '#shared/deps.ts';

export async function getBank(deps: Deps, input: Where & { bankId: string }): Promise<Bank> {
  const { bank, wallets } = await requireBank(deps.db, input);
  return toBank(bank, wallets);
}
