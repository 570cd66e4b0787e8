import { assignSuspenseCredit } from '#shared/bank-credits/assign-suspense-credit.ts';
import { auditedAs, type ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';

/** A member who may approve gives a credit of the organization's suspense queue to one of its customers, audited. */
export function bankCreditsAssign(
  deps: Deps,
  actor: ConsoleActor,
  input: { bookingId: string; customerId: string; reason: string },
) {
  const organizationId = actor.organization.organizationId;
  return assignSuspenseCredit(
    deps,
    { ...input, organizationId, queue: organizationId, by: `member:${actor.member.email}` },
    auditedAs(deps, actor, 'bank_credit.assigned'),
  );
}
