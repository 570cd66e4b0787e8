import type { Clock } from '#shared/clock.ts';
import type { Db } from '#shared/db/client.ts';
import { newId } from '#shared/ids.ts';
import { apiKeyHint, generateApiKey, hashApiKey } from '#shared/organizations/api-keys.ts';
import { type NewOrganizationInput, newOrganization } from '#shared/organizations/new-organization.ts';
import type { ApiKeyRecord, Environment } from '#shared/organizations/records.ts';
import {
  addApiKey,
  createOrganizationWithKey,
  getOrganization,
  OrganizationNotFoundError,
} from '#shared/organizations/repository.ts';

/** Operator use cases behind the admin CLI (standing in for the dashboard) and the local runtime's first start. */

export function newApiKey(organizationId: string, environment: Environment, now: Date) {
  const apiKey = generateApiKey(environment, organizationId);
  const record: ApiKeyRecord = {
    apiKeyId: newId(),
    organizationId,
    keyHash: hashApiKey(apiKey),
    hint: apiKeyHint(apiKey),
    status: 'ACTIVE',
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  return { apiKey, record };
}

export async function createOrganization(db: Db, clock: Clock, input: NewOrganizationInput) {
  const now = clock.now();
  const organization = newOrganization(input, newId(), now);
  const { apiKey, record } = newApiKey(organization.organizationId, organization.environment, now);
  await createOrganizationWithKey(db, organization, record);
  return { organizationId: organization.organizationId, apiKeyId: record.apiKeyId, apiKey, organization };
}

/** A new key for an existing organization; the key is returned once and never stored. */
export async function createApiKey(db: Db, clock: Clock, organizationId: string) {
  const organization = await getOrganization(db, organizationId);
  if (!organization) throw new OrganizationNotFoundError(`Organization ${organizationId} not found`);
  const { apiKey, record } = newApiKey(organizationId, organization.environment, clock.now());
  await addApiKey(db, record);
  return { apiKeyId: record.apiKeyId, apiKey };
}
