import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';

/** At most this many banks, and as many accounts, are listed as waiting: the oldest first. */
export const MAX_LISTED = 200;

/** A member's decision on something waiting for review, audited in the decision's own transaction. */
export function reviewerAudit(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: ConsoleActor,
  input: { action: string; target: string; details: Record<string, string> },
) {
  return auditItem(deps.db, {
    organizationId: actor.organization.organizationId,
    actor: memberActor(actor.member),
    action: input.action,
    target: input.target,
    sourceAddress: actor.sourceAddress,
    at: deps.clock.now(),
    details: input.details,
  });
}
