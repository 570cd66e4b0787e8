import { listSuspense } from '#shared/bank-credits/booking-repository.ts';
import { suspenseCreditView } from '#shared/console/approvals/bank-credits-schemas.ts';
import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';

/**
 * The organization's suspense queue, newest booking first: money paid in that named one of its customers but could
 * not be credited (the reason on each). Credits that named nobody are the platform operator's (admin CLI).
 */
export async function bankCreditsListSuspense(
  deps: Deps,
  actor: ConsoleActor,
  query: { limit: number; cursor?: string | undefined },
) {
  const page = await listSuspense(deps.db, actor.organization.organizationId, query);
  return { items: page.items.map(suspenseCreditView), nextCursor: page.nextCursor ?? null };
}
