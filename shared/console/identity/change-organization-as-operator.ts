import { auditedAsOperator } from '#shared/console/common/console-rules.ts';
import { settingsChangeDetails } from '#shared/console/identity/settings-changes.ts';
import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import {
  getOrganization,
  OrganizationChangedError,
  type OrganizationChanges,
  OrganizationNotFoundError,
  updateOrganizationWith,
} from '#shared/organizations/repository.ts';

export type OperatorChanges = Omit<OrganizationChanges, 'payoutAccounts' | 'treasuries'> & {
  /** Merged into the accounts set before, currency by currency, unless `replacePayoutAccounts`. */
  payoutAccounts?: NonNullable<Organization['payoutAccounts']>;
  /** The accounts given become the only ones (a currency left out has none). */
  replacePayoutAccounts?: boolean;
  /** Merged into the treasuries set before, chain by chain. */
  treasuries?: NonNullable<Organization['treasuries']>;
};

/** Reads before giving up when someone else keeps changing the organization between the read and the write. */
const ATTEMPTS = 3;

/**
 * The operator CLI's `org update`: the changes with the audit entry the console writes for a change of settings
 * (`settings.changed`, each value `before -> after`), the operator as its actor, in one transaction. The write holds
 * only for the organization as read, so what the entry says was there before, and the maps merged into, is what the
 * change replaced.
 */
export async function changeOrganizationAsOperator(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { organizationId: string; operator: string; changes: OperatorChanges },
): Promise<Organization> {
  const { payoutAccounts, replacePayoutAccounts, treasuries, ...rest } = input.changes;
  for (let attempt = 1; ; attempt++) {
    const organization = await getOrganization(deps.db, input.organizationId);
    if (!organization) throw new OrganizationNotFoundError(`Organization ${input.organizationId} not found`);
    const changes: OrganizationChanges = {
      ...rest,
      payoutAccounts:
        payoutAccounts &&
        (replacePayoutAccounts ? payoutAccounts : { ...organization.payoutAccounts, ...payoutAccounts }),
      treasuries: treasuries && { ...organization.treasuries, ...treasuries },
    };
    const audit = auditedAsOperator(deps, organization.organizationId, input.operator, 'settings.changed');
    try {
      return await updateOrganizationWith(
        deps.db,
        organization.organizationId,
        changes,
        deps.clock.now(),
        audit(organization.organizationId, settingsChangeDetails(organization, changes)),
        organization.updatedAt,
      );
    } catch (error) {
      if (!(error instanceof OrganizationChangedError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
