import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { apiKeyView } from '#shared/console/identity/create-api-key.ts';
import type { Deps } from '#shared/deps.ts';
import { lastUsesOf, listApiKeysOfOrganization } from '#shared/organizations/repository.ts';

/**
 * The organization's keys, newest first: hint, status, creator, created, last used and revoked times; never the
 * key. The last use is kept on the item authentication reads (shared/http/key-use.ts), one BatchGetItem per 100.
 */
export async function listApiKeys(deps: Deps, actor: ConsoleActor) {
  const records = await listApiKeysOfOrganization(deps.db, actor.organization.organizationId);
  const lastUses = await lastUsesOf(deps.db, records);
  return records.map((record) => apiKeyView({ ...record, lastUsedAt: lastUses.get(record.apiKeyId) }));
}
