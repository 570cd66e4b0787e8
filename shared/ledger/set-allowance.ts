import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { allowanceView, allowanceWindow } from '#shared/ledger/allowance.ts';
import { allowanceResetItems } from '#shared/ledger/allowance-repository.ts';
import type { Allowance } from '#shared/ledger/schemas.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/records.ts';

/** `POST /sandbox/allowance`: the new limit and period, and a new period starting now with nothing spent. */
export async function setAllowance(
  deps: Deps,
  organization: Organization,
  input: { limit: string; resetPeriodMinutes: number },
): Promise<Allowance> {
  const config = { limit: formatMicro(toMicro(input.limit)), resetPeriodMinutes: input.resetPeriodMinutes };
  const now = deps.clock.now();
  const window = allowanceWindow(config, undefined, now);
  await writeGuarded(
    deps.db,
    allowanceResetItems(deps.db, organization.organizationId, config, window, now.toISOString()),
  );
  return allowanceView({ ...organization, allowance: config }, window);
}
