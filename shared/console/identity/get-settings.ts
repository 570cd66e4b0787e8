import type { Settings } from '#shared/console/identity/settings-schemas.ts';
import type { Deps } from '#shared/deps.ts';
import { getAllowance } from '#shared/ledger/get-allowance.ts';
import type { Organization } from '#shared/organizations/records.ts';

/** What a finance team sets of its organization, and the allowance as it stands now (the API's allowance view). */
export async function getSettings(deps: Deps, organization: Organization): Promise<Settings> {
  return {
    organizationId: organization.organizationId,
    name: organization.name,
    environment: organization.environment,
    features: organization.features,
    requiredApprovals: organization.requiredApprovals,
    withdrawalAllowance: await getAllowance(deps, organization),
    fees: organization.fees,
    payeeVerification: organization.payeeWhenNotPossible
      ? { whenNotPossible: organization.payeeWhenNotPossible, source: 'organization' }
      : { whenNotPossible: deps.config.payeeVerification.whenNotPossible, source: 'deployment' },
    updatedAt: organization.updatedAt,
  };
}
