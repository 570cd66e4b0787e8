import type { Deps } from '#shared/deps.ts';
import { BEARER_SCHEME_MISSING, UnauthorizedError } from '#shared/errors.ts';
import { bearerToken, hashApiKey, organizationIdOfApiKey } from '#shared/organizations/api-keys.ts';
import type { ApiKeyRecord, Organization } from '#shared/organizations/records.ts';
import { findApiKeyByHash, findApiKeyWithOrganization, getOrganization } from '#shared/organizations/repository.ts';
import type { CreatedBy } from '#shared/transactions/records.ts';

/**
 * `apiKeyId` null: a console session (shared/http/session.ts) authenticated the request. `key`: the key item's
 * hash and last use, for the key's use bookkeeping (shared/http/key-use.ts).
 */
export type AuthContext = {
  organizationId: string;
  organization: Organization;
  apiKeyId: string | null;
  key?: { keyHash: string; lastUsedAt: string | undefined; hint: string };
};

/**
 * Resolves the bearer key to its organization in one database round trip: a key names its organization
 * (shared/organizations/api-keys.ts), so the key item and the organization item come back from one strongly
 * consistent BatchGetItem. Both are read as they are now, with no copy and no cache: a revoked key fails, and an
 * organization's changed settings (features, environment, allowance, approvals, ...) apply, from the very next
 * request, whoever wrote them. (A copy of the organization on each key item would save the second item, but every
 * writer of the organization, the sandbox allowance reset included, would then have to rewrite all its keys.)
 *
 * The name in the key is only a hint: the key item decides which organization the caller is. A malformed key
 * costs no read. A key that names no organization (issued before keys did) or another one than its own costs a
 * second read, of its own organization.
 */
export async function authenticate(deps: Deps, authorization: string | undefined): Promise<AuthContext> {
  const token = bearerToken(authorization);
  if (!token) {
    const schemeMissing = authorization !== undefined && bearerToken(`Bearer ${authorization.trim()}`) !== undefined;
    throw new UnauthorizedError(schemeMissing ? BEARER_SCHEME_MISSING.message : undefined);
  }
  const keyHash = hashApiKey(token);
  const named = organizationIdOfApiKey(token);
  let key: ApiKeyRecord | undefined;
  let organization: Organization | undefined;
  if (named) ({ key, organization } = await findApiKeyWithOrganization(deps.db, keyHash, named));
  else key = await findApiKeyByHash(deps.db, keyHash);
  if (key?.status !== 'ACTIVE') throw new UnauthorizedError();
  if (organization?.organizationId !== key.organizationId) {
    organization = await getOrganization(deps.db, key.organizationId);
  }
  if (!organization) throw new UnauthorizedError();
  return {
    organizationId: organization.organizationId,
    organization,
    apiKeyId: key.apiKeyId,
    key: { keyHash: key.keyHash, lastUsedAt: key.lastUsedAt, hint: key.hint },
  };
}

/** The key that authenticated the request, as a transaction stores its creator; undefined for a console session. */
export const creatorOf = (auth: AuthContext): CreatedBy | undefined =>
  auth.apiKeyId && auth.key ? { kind: 'apiKey', apiKeyId: auth.apiKeyId, hint: auth.key.hint } : undefined;
