import type { Clock } from '#shared/clock.ts';
import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { VIRTUAL_ACCOUNT_TRANSITIONS } from '#shared/deposits/records.ts';
import {
  rejectVirtualAccount as rejectStored,
  VirtualAccountStateChangedError,
} from '#shared/deposits/virtual-account-repository.ts';
import { decidedMeanwhile, pendingVirtualAccount, type Where } from '#shared/deposits/virtual-account-rules.ts';
import {
  toVirtualAccount,
  type VirtualAccount,
  virtualAccountEventData,
} from '#shared/deposits/virtual-account-view.ts';
import { eventRecord } from '#shared/events/outbox.ts';

/**
 * The provider refused the account (sandbox route, admin CLI): REJECTED for good, with the reason if one is given,
 * and `virtual_account.rejected`. The customer may then request a new account of that currency.
 */
export async function rejectVirtualAccount(
  deps: { db: Db; clock: Clock },
  input: Where & {
    virtualAccountId: string;
    reason?: string | undefined;
    alongside?: readonly GuardedItem<string>[] | undefined;
  },
): Promise<VirtualAccount> {
  const account = await pendingVirtualAccount(deps.db, input, 'rejected');
  const now = deps.clock.now();
  try {
    const rejected = await rejectStored(deps.db, {
      account,
      reason: input.reason ?? null,
      now,
      alongside: input.alongside,
      event: (record) =>
        eventRecord({
          organizationId: account.organizationId,
          type: VIRTUAL_ACCOUNT_TRANSITIONS.reject.event,
          data: virtualAccountEventData(record),
          now,
        }),
    });
    return toVirtualAccount(rejected);
  } catch (error) {
    if (error instanceof VirtualAccountStateChangedError) throw await decidedMeanwhile(deps.db, input, 'rejected');
    throw error;
  }
}
