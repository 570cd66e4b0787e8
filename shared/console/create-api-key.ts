import { auditItem, type ConsoleActor, memberActor } from '#shared/console/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { newApiKey } from '#shared/organizations/organization-admin.ts';
import { addApiKey } from '#shared/organizations/repository.ts';

/** A new key of the member's organization, shown once in the answer and stored only hashed; audited with it. */
export async function createApiKey(deps: Deps, actor: ConsoleActor) {
  const now = deps.clock.now();
  const { organization } = actor;
  const { apiKey, record } = newApiKey(organization.organizationId, organization.environment, now);
  const key = { ...record, createdBy: actor.member.email };
  await addApiKey(deps.db, key, [
    auditItem(deps.db, {
      organizationId: organization.organizationId,
      actor: memberActor(actor.member),
      action: 'api_key.created',
      target: key.apiKeyId,
      sourceAddress: actor.sourceAddress,
      at: now,
      details: { hint: key.hint },
    }),
  ]);
  return { ...apiKeyView(key), apiKey };
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
