import { auditedAs, type ConsoleActor, FEATURE_ON_IS_OPERATORS } from '#shared/console/common/console-rules.ts';
import { getSettings } from '#shared/console/identity/get-settings.ts';
import { settingsChangeDetails } from '#shared/console/identity/settings-changes.ts';
import type { ChangeSettingsInput, Settings } from '#shared/console/identity/settings-schemas.ts';
import type { Deps } from '#shared/deps.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import type { OrganizationChanges } from '#shared/organizations/repository.ts';
import { updateOrganizationWith } from '#shared/organizations/repository.ts';

/**
 * The owner's changes to the organization's settings (`settings` permission), in one transaction with the audit
 * entry that records each value before and after. Features: an owner may switch API withdrawals off (a kill switch,
 * e.g. when a key may have leaked); turning a feature on is what the operator grants (`admin org update`), 403.
 * The allowance keeps what is spent in the current period.
 */
export async function changeSettings(deps: Deps, actor: ConsoleActor, input: ChangeSettingsInput): Promise<Settings> {
  const { organization } = actor;
  if (input.features?.apiWithdrawals === true && !organization.features.apiWithdrawals) {
    throw FEATURE_ON_IS_OPERATORS.error();
  }
  const changes: OrganizationChanges = {
    requiredApprovals: input.requiredApprovals,
    allowanceLimit: input.allowance && formatMicro(toMicro(input.allowance.limit)),
    allowanceResetMinutes: input.allowance?.resetPeriodMinutes,
    apiWithdrawals: input.features?.apiWithdrawals,
  };
  const audit = auditedAs(deps, actor, 'settings.changed');
  const updated = await updateOrganizationWith(
    deps.db,
    organization.organizationId,
    changes,
    deps.clock.now(),
    audit(organization.organizationId, settingsChangeDetails(organization, changes)),
  );
  return getSettings(deps, updated);
}
