import { requireBank, type Where } from '#shared/banks/bank-rules.ts';
import { type Bank, toBank } from '#shared/banks/bank-view.ts';
import { newPrenoteReference, writePrenote } from '#shared/banks/prenote-repository.ts';
import { assertPrenoteAllowed } from '#shared/banks/prenote-rules.ts';
import type { PrenoteRecord } from '#shared/banks/records.ts';
import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';

/** Requests an ACH prenote for the bank: REQUESTED, sent in the next run of the payout batcher (`send-prenotes.ts`). */
export async function requestPrenote(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: Where & { bankId: string; organization: Pick<Organization, 'payoutAccounts'> },
): Promise<Bank> {
  const { bank, wallets } = await requireBank(deps.db, input);
  assertPrenoteAllowed(bank, input.organization);
  const requestedAt = deps.clock.now().toISOString();
  const prenote: PrenoteRecord = {
    status: 'REQUESTED',
    reference: newPrenoteReference(),
    requestedAt,
    fileId: null,
    sentAt: null,
    confirmAfter: null,
    returnCode: null,
    reason: null,
    settledAt: null,
  };
  return toBank(await writePrenote(deps.db, bank, prenote, { dueAt: requestedAt }, true), wallets);
}
