import type { Clock } from '#shared/clock.ts';
import type { Config } from '#shared/config/env.ts';
import type { Db } from '#shared/db/client.ts';
import { approveVirtualAccount } from '#shared/deposits/approve-virtual-account.ts';
import { rejectVirtualAccount } from '#shared/deposits/reject-virtual-account.ts';
import { findVirtualAccountOwner } from '#shared/deposits/virtual-account-repository.ts';
import { VIRTUAL_ACCOUNT_NOT_FOUND } from '#shared/deposits/virtual-account-rules.ts';
import type { VirtualAccount } from '#shared/deposits/virtual-account-view.ts';

/** The admin CLI's decision, by virtual account id alone: open it (ACTIVE) or refuse it (REJECTED). */
export async function decideVirtualAccountById(
  deps: { db: Db; clock: Clock; config: Config },
  input: { virtualAccountId: string; to: 'ACTIVE' | 'REJECTED'; reason?: string | undefined },
): Promise<VirtualAccount> {
  const owner = await findVirtualAccountOwner(deps.db, input.virtualAccountId);
  if (!owner) throw VIRTUAL_ACCOUNT_NOT_FOUND.error();
  const where = { ...owner, virtualAccountId: input.virtualAccountId };
  return input.to === 'ACTIVE'
    ? approveVirtualAccount(deps, where)
    : rejectVirtualAccount(deps, { ...where, reason: input.reason });
}
