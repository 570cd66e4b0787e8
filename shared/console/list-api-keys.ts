import type { ConsoleActor } from '#shared/console/console-rules.ts';
import { apiKeyView } from '#shared/console/create-api-key.ts';
import type { Deps } from '#shared/deps.ts';
import { listApiKeysOfOrganization } from '#shared/organizations/repository.ts';

/** The organization's keys, newest first: hint, status, creator, created and revoked times; never the key. */
export async function listApiKeys(deps: Deps, actor: ConsoleActor) {
  return (await listApiKeysOfOrganization(deps.db, actor.organization.organizationId)).map(apiKeyView);
}
