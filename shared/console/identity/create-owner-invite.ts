import { OPERATOR_SOURCE, operatorActor } from '#shared/console/common/console-rules.ts';
import { issueInvite } from '#shared/console/identity/invite-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { NotFoundError } from '#shared/errors.ts';
import { getOrganization } from '#shared/organizations/repository.ts';

/** The operator's way in for an organization: an owner invite, recorded as the operator's. */
export async function createOwnerInvite(
  deps: Deps,
  input: { organizationId: string; email: string; operator: string },
) {
  const organization = await getOrganization(deps.db, input.organizationId);
  if (!organization) throw new NotFoundError('Organization not found');
  const { invite, url } = await issueInvite(deps, {
    organization,
    email: input.email,
    role: 'owner',
    actor: operatorActor(input.operator),
    sourceAddress: OPERATOR_SOURCE,
  });
  return { inviteId: invite.inviteId, email: invite.email, role: invite.role, validUntil: invite.validUntil, url };
}
