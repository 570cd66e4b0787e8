import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { getReviewSettings } from '#shared/reviews/repository.ts';

/** How many different members must give a KYC verdict (one unless an owner asked for two). */
export async function getReviewSettingsOf(deps: Deps, actor: ConsoleActor) {
  const settings = await getReviewSettings(deps.db, actor.organization.organizationId);
  return { requiredReviewers: settings?.requiredReviewers ?? 1 };
}
