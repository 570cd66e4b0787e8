import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import { consoleWrites, deleteSession } from '#shared/console/common/repository.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';

/** Ends every session of the member, on every device: the member's epoch moves on, older sessions are refused. */
export async function signOutEverywhere(deps: Deps, actor: ConsoleActor) {
  await writeGuarded(deps.db, [
    consoleWrites.raiseSessionEpoch(deps.db, actor.member),
    auditItem(deps.db, {
      organizationId: actor.organization.organizationId,
      actor: memberActor(actor.member),
      action: 'session.signed_out_everywhere',
      target: actor.member.memberId,
      sourceAddress: actor.sourceAddress,
      at: deps.clock.now(),
    }),
  ]);
  await deleteSession(deps.db, actor.sessionTokenHash);
  return { signedOut: true };
}
