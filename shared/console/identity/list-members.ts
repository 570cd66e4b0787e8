import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { listMembersOfOrganization } from '#shared/console/common/repository.ts';
import type { Deps } from '#shared/deps.ts';

export async function listMembers(deps: Deps, actor: ConsoleActor) {
  const members = await listMembersOfOrganization(deps.db, actor.organization.organizationId);
  return members
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((m) => ({
      id: m.memberId,
      email: m.email,
      name: m.name,
      role: m.role,
      status: m.status,
      createdAt: m.createdAt,
    }));
}
