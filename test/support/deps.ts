import { systemClock } from '#shared/clock.ts';
import { parseConfig } from '#shared/config/env.ts';
import { createDb } from '#shared/db/client.ts';
import type { Deps } from '#shared/deps.ts';
import type { NewOrganizationInput } from '#shared/organizations/new-organization.ts';
import { createOrganization } from '#shared/organizations/organization-admin.ts';

/** Deps wired to the run's DynamoDB Local (see db/dynamodb-local-env.ts). */
export function integrationDeps(): Deps {
  const config = parseConfig(process.env);
  return { db: createDb(config), clock: systemClock, config };
}

/** A fresh organization per test keeps tests independent on the one shared table. */
export async function givenOrganization(deps: Deps, input: Partial<NewOrganizationInput> = {}) {
  return createOrganization(deps.db, deps.clock, { name: 'Test org', environment: 'sandbox', ...input });
}
