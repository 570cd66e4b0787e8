import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { PERMISSION_TABLE } from '#shared/console/common/roles.ts';

/** Who is signed in, in which organization, and what the role allows: the console shows only what may be done. */
export function getSession(actor: Pick<ConsoleActor, 'member' | 'organization'>) {
  const { member, organization } = actor;
  return {
    member: { id: member.memberId, email: member.email, name: member.name, role: member.role },
    organization: {
      id: organization.organizationId,
      name: organization.name,
      environment: organization.environment,
      requiredApprovals: organization.requiredApprovals,
    },
    permissions: [...PERMISSION_TABLE[member.role]],
  };
}
