import { API_KEY_NOT_FOUND, auditItem, type ConsoleActor, memberActor } from '#shared/console/console-rules.ts';
import { apiKeyView } from '#shared/console/create-api-key.ts';
import type { Deps } from '#shared/deps.ts';
import { findApiKeyById, lastUsesOf, revokeApiKey as revoke } from '#shared/organizations/repository.ts';

/**
 * Revokes a key of the member's organization at once (authentication reads the key item on every request);
 * another organization's key is not found. Revoking a revoked key changes nothing.
 */
export async function revokeApiKey(deps: Deps, actor: ConsoleActor, apiKeyId: string) {
  const organizationId = actor.organization.organizationId;
  const key = await findApiKeyById(deps.db, apiKeyId);
  if (key?.organizationId !== organizationId) throw API_KEY_NOT_FOUND.error();
  const lastUsedAt = (await lastUsesOf(deps.db, [key])).get(apiKeyId);
  if (key.status === 'REVOKED') return apiKeyView({ ...key, lastUsedAt });
  const now = deps.clock.now();
  const revoked = await revoke(deps.db, apiKeyId, now, [
    auditItem(deps.db, {
      organizationId,
      actor: memberActor(actor.member),
      action: 'api_key.revoked',
      target: apiKeyId,
      sourceAddress: actor.sourceAddress,
      at: now,
      details: { hint: key.hint },
    }),
  ]);
  return apiKeyView({ ...revoked, lastUsedAt });
}
