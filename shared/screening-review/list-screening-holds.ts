import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { listHolds } from '#shared/screening/hold-repository.ts';
import type { HoldStatus } from '#shared/screening/records.ts';
import { toHoldView } from '#shared/screening-review/hold-view.ts';

/** The organization's holds of one status (the review queue: OPEN), oldest first. */
export async function listScreeningHolds(deps: Deps, actor: ConsoleActor, status: HoldStatus) {
  return (await listHolds(deps.db, actor.organization.organizationId, status)).map(toHoldView);
}
