import {
  API_KEY_NOT_FOUND,
  auditedAs,
  auditedAsOperator,
  type ConsoleActor,
} from '#shared/console/common/console-rules.ts';
import { apiKeyView } from '#shared/console/identity/create-api-key.ts';
import type { Alongside } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import type { ApiKeyRecord } from '#shared/organizations/records.ts';
import {
  ApiKeyNotFoundError,
  findApiKeyById,
  lastUsesOf,
  revokeApiKey as revoke,
} from '#shared/organizations/repository.ts';

/**
 * Revokes `key` at once (authentication reads the key item on every request), audited with it. Revoking a revoked
 * key changes nothing and audits nothing.
 */
async function revokeAudited(deps: Pick<Deps, 'db' | 'clock'>, key: ApiKeyRecord, audit: Alongside) {
  const lastUsedAt = (await lastUsesOf(deps.db, [key])).get(key.apiKeyId);
  if (key.status === 'REVOKED') return apiKeyView({ ...key, lastUsedAt });
  const revoked = await revoke(deps.db, key.apiKeyId, deps.clock.now(), [...audit(key.apiKeyId, { hint: key.hint })]);
  return apiKeyView({ ...revoked, lastUsedAt });
}

/** Revokes a key of the member's organization (`manageKeys`); another organization's key is not found. */
export async function revokeApiKey(deps: Deps, actor: ConsoleActor, apiKeyId: string) {
  const key = await findApiKeyById(deps.db, apiKeyId);
  if (key?.organizationId !== actor.organization.organizationId) throw API_KEY_NOT_FOUND.error();
  return revokeAudited(deps, key, auditedAs(deps, actor, 'api_key.revoked'));
}

/** The operator CLI's `key revoke`: any organization's key, audited in its organization as the operator's. */
export async function revokeApiKeyAsOperator(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { apiKeyId: string; operator: string },
) {
  const key = await findApiKeyById(deps.db, input.apiKeyId);
  if (!key) throw new ApiKeyNotFoundError(`API key ${input.apiKeyId} not found`);
  return revokeAudited(deps, key, auditedAsOperator(deps, key.organizationId, input.operator, 'api_key.revoked'));
}
