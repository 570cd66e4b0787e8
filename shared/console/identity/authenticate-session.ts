import { addSeconds, type ConsoleActor, hashToken } from '#shared/console/common/console-rules.ts';
import {
  deleteSession,
  findSession,
  getMemberWithOrganization,
  touchSession,
} from '#shared/console/common/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { UnauthorizedError } from '#shared/errors.ts';

/** The idle deadline is moved on at most once a minute, so a busy console does not write on every read. */
const TOUCH_AFTER_MS = 60_000;

/**
 * The session a cookie's token names: present, not idle beyond `SESSION_IDLE_S`, not older than
 * `SESSION_ABSOLUTE_S`, of the member's current epoch ("sign out everywhere"), and an active member. The member and
 * the organization are read as they are now: a changed role or setting applies from the next request.
 */
export async function authenticateSession(deps: Deps, token: string, sourceAddress: string): Promise<ConsoleActor> {
  const tokenHash = hashToken(token);
  const session = await findSession(deps.db, tokenHash);
  const now = deps.clock.now();
  const at = now.toISOString();
  if (!session) throw new UnauthorizedError();
  if (session.idleUntil <= at || session.absoluteUntil <= at) {
    await deleteSession(deps.db, tokenHash);
    throw new UnauthorizedError();
  }
  const { member, organization } = await getMemberWithOrganization(deps.db, session.organizationId, session.memberId);
  if (!member || !organization || member.status !== 'ACTIVE' || member.sessionEpoch !== session.sessionEpoch) {
    throw new UnauthorizedError();
  }
  if (now.getTime() - Date.parse(session.lastSeenAt) > TOUCH_AFTER_MS) {
    const idle = addSeconds(now, deps.config.console.sessionIdleSeconds);
    // ISO timestamps compare as strings; the idle deadline never passes the absolute one.
    const [until = idle] = [idle, session.absoluteUntil].sort();
    await touchSession(deps.db, tokenHash, at, until);
  }
  return { organization, member, sessionTokenHash: tokenHash, sourceAddress };
}
