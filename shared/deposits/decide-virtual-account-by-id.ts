import type { Clock } from '#shared/clock.ts';
import type { Config } from '#shared/config/env.ts';
import type { Db } from '#shared/db/client.ts';
import { approveVirtualAccount } from '#shared/deposits/approve-virtual-account.ts';
import type { VirtualAccount } from '#shared/deposits/schemas.ts';
import { findVirtualAccountOwner } from '#shared/deposits/virtual-account-repository.ts';
import { VIRTUAL_ACCOUNT_NOT_FOUND } from '#shared/deposits/virtual-account-rules.ts';
import { NotFoundError } from '#shared/errors.ts';

/** The admin CLI's approval, by virtual account id alone. */
export async function approveVirtualAccountById(
  deps: { db: Db; clock: Clock; config: Config },
  virtualAccountId: string,
): Promise<VirtualAccount> {
  const owner = await findVirtualAccountOwner(deps.db, virtualAccountId);
  if (!owner) throw new NotFoundError(VIRTUAL_ACCOUNT_NOT_FOUND);
  return approveVirtualAccount(deps, { ...owner, virtualAccountId });
}
