import type { Deps } from '#shared/deps.ts';
import { allowanceView, allowanceWindow } from '#shared/ledger/allowance.ts';
import { getAllowanceUsage } from '#shared/ledger/allowance-repository.ts';
import type { Allowance } from '#shared/ledger/schemas.ts';
import type { Organization } from '#shared/organizations/records.ts';

/** The allowance as of now: an elapsed period shows as the new, untouched one (its first use will store it). */
export async function getAllowance(deps: Deps, organization: Organization): Promise<Allowance> {
  const usage = await getAllowanceUsage(deps.db, organization.organizationId);
  return allowanceView(organization, allowanceWindow(organization.allowance, usage, deps.clock.now()));
}
