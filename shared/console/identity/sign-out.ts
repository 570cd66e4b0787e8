import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import { deleteSession } from '#shared/console/common/repository.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';

/** Ends this session: its item is deleted, so the token is refused at once. */
export async function signOut(deps: Deps, actor: ConsoleActor) {
  await deleteSession(deps.db, actor.sessionTokenHash);
  await writeGuarded(deps.db, [
    auditItem(deps.db, {
      organizationId: actor.organization.organizationId,
      actor: memberActor(actor.member),
      action: 'session.signed_out',
      target: actor.member.memberId,
      sourceAddress: actor.sourceAddress,
      at: deps.clock.now(),
    }),
  ]);
  return { signedOut: true };
}
