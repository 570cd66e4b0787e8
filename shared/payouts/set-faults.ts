import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { setFailNextExecutions } from '#shared/organizations/sandbox-settings.ts';

/** `POST /sandbox/faults`: the next `count` executions of this organization fail at start. */
export async function setFaults(deps: Deps, organization: Organization, count: number) {
  await setFailNextExecutions(deps.db, organization.organizationId, count, deps.clock.now().toISOString());
  return { failNextExecutions: count };
}
