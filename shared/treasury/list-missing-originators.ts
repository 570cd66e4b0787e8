import type { Deps } from '#shared/deps.ts';
import { listMissingOriginators as listMissing } from '#shared/travel-rule/deposit-repository.ts';
import type { MissingOriginators } from '#shared/treasury/deposit-travel-rule-schemas.ts';
import { depositTravelRuleView } from '#shared/treasury/get-transaction-travel-rule.ts';

/** At most this many are answered (the oldest first): each is one to follow up. */
const LISTED = 100;

/**
 * The organization's follow-up list (EU 2023/1113 art. 16): the deposits whose originator data is MISSING, oldest
 * first, each with its Travel Rule data as `GET .../travel-rule` answers it; one drops out when it is completed.
 */
export async function listMissingOriginators(
  deps: Deps,
  input: { organizationId: string },
): Promise<MissingOriginators> {
  const missing = await listMissing(deps.db, input.organizationId, LISTED);
  const items = await Promise.all(missing.map((rule) => depositTravelRuleView(deps, rule)));
  return { count: items.length, items };
}
