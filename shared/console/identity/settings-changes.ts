import type { Organization } from '#shared/organizations/records.ts';
import type { OrganizationChanges } from '#shared/organizations/repository.ts';

/**
 * Each setting as the organization holds it: what the audit entry of a change (`settings.changed`) states as
 * `before`, whoever makes the change (a member in the console, the operator with the admin CLI). A setting added to
 * `OrganizationChanges` must be added here: the type checker says so.
 */
const CURRENT = {
  customers: (organization) => organization.features.customers,
  apiWithdrawals: (organization) => organization.features.apiWithdrawals,
  requiredApprovals: (organization) => organization.requiredApprovals,
  allowanceLimit: (organization) => organization.allowance.limit,
  allowanceResetMinutes: (organization) => organization.allowance.resetPeriodMinutes,
  fxSpreadBps: (organization) => organization.fees.fxSpreadBps,
  eurReceivingBank: (organization) => organization.receivingBanks?.EUR ?? null,
  payoutAccounts: (organization) => organization.payoutAccounts ?? {},
  treasuries: (organization) => organization.treasuries ?? {},
  payeeWhenNotPossible: (organization) => organization.payeeWhenNotPossible ?? null,
} satisfies { [K in keyof Required<OrganizationChanges>]: (organization: Organization) => OrganizationChanges[K] };

/** Settings held per currency or per chain: one detail per entry that changed, named as people read it. */
const PER_ENTRY: Partial<Record<keyof OrganizationChanges, (entry: string) => string>> = {
  payoutAccounts: (currency) => `${currency.toLowerCase()}PayoutAccount`,
  treasuries: (chain) => `${chain}Treasury`,
};

/** Objects with their keys sorted, so a value read back from the table equals the value written. */
const show = (value: unknown): string =>
  value === null || value === undefined
    ? 'none'
    : typeof value === 'object'
      ? JSON.stringify(value, (_key, inner: unknown) =>
          inner && typeof inner === 'object' && !Array.isArray(inner)
            ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
            : inner,
        )
      : String(value);

/** The audit details of `changes` to `organization`: each value that changes, as `before -> after`. */
export function settingsChangeDetails(
  organization: Organization,
  changes: OrganizationChanges,
): Record<string, string> {
  const details: Record<string, string> = {};
  const note = (name: string, before: unknown, after: unknown) => {
    if (show(before) !== show(after)) details[name] = `${show(before)} -> ${show(after)}`;
  };
  for (const name of Object.keys(CURRENT) as (keyof OrganizationChanges)[]) {
    const after = changes[name];
    if (after === undefined) continue;
    const before = CURRENT[name](organization);
    const entryName = PER_ENTRY[name];
    if (!entryName) {
      note(name, before, after);
      continue;
    }
    const [was, is] = [before, after] as Record<string, unknown>[];
    for (const entry of new Set([...Object.keys(was ?? {}), ...Object.keys(is ?? {})])) {
      note(entryName(entry), was?.[entry], is?.[entry]);
    }
  }
  return details;
}
