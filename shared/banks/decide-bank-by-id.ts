import { BANK_NOT_FOUND } from '#shared/banks/bank-rules.ts';
import { type Decision, decideBankReview } from '#shared/banks/decide-bank-review.ts';
import { findBankOwner } from '#shared/banks/repository.ts';
import type { Clock } from '#shared/clock.ts';
import type { Db } from '#shared/db/client.ts';

/** The admin CLI's verdict, by bank id alone. */
export async function decideBankById(deps: { db: Db; clock: Clock }, input: { bankId: string } & Decision) {
  const owner = await findBankOwner(deps.db, input.bankId);
  if (!owner) throw BANK_NOT_FOUND.error();
  return decideBankReview(deps, { ...owner, ...input });
}
