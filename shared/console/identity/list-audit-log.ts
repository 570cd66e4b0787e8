import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import type { Deps } from '#shared/deps.ts';

/** Owners and admins read the audit log, newest first, filtered by action and member, paged back with `before`. */
export async function listAuditLog(
  deps: Deps,
  actor: ConsoleActor,
  query: { limit: number; before?: string | undefined; action?: string | undefined; member?: string | undefined },
) {
  const entries = await listAuditEntries(deps.db, actor.organization.organizationId, query);
  return entries.map(({ organizationId: _org, ...entry }) => entry);
}
