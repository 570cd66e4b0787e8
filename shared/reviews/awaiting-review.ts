import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { listHolds } from '#shared/screening/hold-repository.ts';

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

/**
 * The customers and banks sanctions screening holds now: the screening review decides them first, so the
 * reviewers' queues leave them out until it clears them.
 */
export async function heldByScreening(deps: Pick<Deps, 'db'>, organizationId: string) {
  const holds = await listHolds(deps.db, organizationId, 'OPEN');
  const customers = new Set<string>();
  const banks = new Set<string>();
  for (const { subject } of holds) {
    if (subject.kind === 'customer') customers.add(subject.customerId);
    if (subject.kind === 'bank') banks.add(subject.bankId);
  }
  return { customers, banks };
}
