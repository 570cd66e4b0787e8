import { findPrenoteBank, writePrenote } from '#shared/banks/prenote-repository.ts';
import { getBankOfCustomer } from '#shared/banks/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { returnReasonMeaning } from '#shared/rails/bank/return-reasons.ts';

/**
 * A NACHA return of a prenote entry (its individual identification number `reference`): the prenote FAILED with
 * the code and its meaning. Returns false when the reference is no prenote's (a payout's return, to be applied as
 * one), true when recorded or already recorded. A return after the window still fails it: the account is wrong.
 */
export async function recordPrenoteReturn(
  deps: Pick<Deps, 'db' | 'clock'>,
  entry: { reference: string; returnCode: string },
): Promise<boolean> {
  const locator = await findPrenoteBank(deps.db, entry.reference);
  if (!locator) return false;
  const bank = await getBankOfCustomer(deps.db, locator.organizationId, locator.customerId, locator.bankId);
  const prenote = bank?.prenote;
  if (!bank || !prenote || prenote.reference !== entry.reference) return false;
  if (prenote.status === 'FAILED') return true;
  const reason = `${entry.returnCode}: ${returnReasonMeaning(entry.returnCode) ?? 'a return reason the NACHA rules do not list'}`;
  const settledAt = deps.clock.now().toISOString();
  await writePrenote(
    deps.db,
    bank,
    { ...prenote, status: 'FAILED', returnCode: entry.returnCode, reason, settledAt },
    null,
  );
  return true;
}
