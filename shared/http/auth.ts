import type { Deps } from '#shared/deps.ts';
import { UnauthorizedError } from '#shared/errors.ts';
import { bearerToken, hashApiKey } from '#shared/organizations/api-keys.ts';
import type { Organization } from '#shared/organizations/organization.ts';
import { findApiKeyByHash, getOrganization } from '#shared/organizations/repository.ts';

export type AuthContext = { organizationId: string; organization: Organization; apiKeyId: string };

/**
 * Resolves the bearer key to its organization: a malformed key costs no read; a well-formed one costs one
 * strongly consistent GetItem for the key and one for its organization. No cache: a revoked key fails on
 * the very next request, locally and in AWS.
 */
export async function authenticate(deps: Deps, authorization: string | undefined): Promise<AuthContext> {
  const token = bearerToken(authorization);
  if (!token) throw new UnauthorizedError();
  const key = await findApiKeyByHash(deps.db, hashApiKey(token));
  if (key?.status !== 'ACTIVE') throw new UnauthorizedError();
  const organization = await getOrganization(deps.db, key.organizationId);
  if (!organization) throw new UnauthorizedError();
  return { organizationId: organization.organizationId, organization, apiKeyId: key.apiKeyId };
}
