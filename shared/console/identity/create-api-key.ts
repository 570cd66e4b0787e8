import {
  auditedAs,
  auditedAsOperator,
  type ConsoleActor,
  operatorApprover,
} from '#shared/console/common/console-rules.ts';
import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { newApiKey } from '#shared/organizations/organization-admin.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { addApiKey, getOrganization, OrganizationNotFoundError } from '#shared/organizations/repository.ts';

/** A new key of `organization`, shown once in the answer and stored only hashed; audited with it. */
async function addAuditedKey(
  deps: Pick<Deps, 'db' | 'clock'>,
  organization: Organization,
  createdBy: string,
  audit: Alongside,
) {
  const { apiKey, record } = newApiKey(organization.organizationId, organization.environment, deps.clock.now());
  const key = { ...record, createdBy };
  await addApiKey(deps.db, key, [...audit(key.apiKeyId, { hint: key.hint })]);
  return { ...apiKeyView(key), apiKey };
}

/** A new key of the member's organization (`manageKeys`). */
export const createApiKey = (deps: Deps, actor: ConsoleActor) =>
  addAuditedKey(deps, actor.organization, actor.member.email, auditedAs(deps, actor, 'api_key.created'));

/** The operator CLI's `key create`: the same key and audit entry, the operator as its creator and actor. */
export async function createApiKeyAsOperator(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { organizationId: string; operator: string },
) {
  const organization = await getOrganization(deps.db, input.organizationId);
  if (!organization) throw new OrganizationNotFoundError(`Organization ${input.organizationId} not found`);
  const audit = auditedAsOperator(deps, organization.organizationId, input.operator, 'api_key.created');
  return addAuditedKey(deps, organization, operatorApprover(input.operator), audit);
}

export const apiKeyView = (key: {
  apiKeyId: string;
  hint: string;
  status: 'ACTIVE' | 'REVOKED';
  createdAt: string;
  revokedAt: string | null;
  createdBy?: string | undefined;
  lastUsedAt?: string | undefined;
}) => ({
  id: key.apiKeyId,
  hint: key.hint,
  status: key.status,
  createdAt: key.createdAt,
  createdBy: key.createdBy ?? null,
  lastUsedAt: key.lastUsedAt ?? null,
  revokedAt: key.revokedAt,
});
