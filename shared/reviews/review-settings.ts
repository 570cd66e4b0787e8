import { auditItem, type ConsoleActor, memberActor } from '#shared/console/console-rules.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { getReviewSettings, reviewSettingsPut } from '#shared/reviews/repository.ts';

/** How many different members must give a KYC verdict (one unless an owner asked for two). */
export async function getReviewSettingsOf(deps: Deps, actor: ConsoleActor) {
  const settings = await getReviewSettings(deps.db, actor.organization.organizationId);
  return { requiredReviewers: settings?.requiredReviewers ?? 1 };
}

/**
 * Owners choose one or two reviewers, audited in the same transaction. Reviews already waiting for a second
 * reviewer keep the number they started with.
 */
export async function changeReviewSettings(deps: Deps, actor: ConsoleActor, input: { requiredReviewers: number }) {
  const organizationId = actor.organization.organizationId;
  const before = await getReviewSettingsOf(deps, actor);
  const now = deps.clock.now();
  await writeGuarded(deps.db, [
    reviewSettingsPut(deps.db, {
      organizationId,
      requiredReviewers: input.requiredReviewers,
      updatedAt: now.toISOString(),
    }),
    auditItem(deps.db, {
      organizationId,
      actor: memberActor(actor.member),
      action: 'reviews.settings_changed',
      target: organizationId,
      sourceAddress: actor.sourceAddress,
      at: now,
      details: { requiredReviewers: `${before.requiredReviewers} -> ${input.requiredReviewers}` },
    }),
  ]);
  return { requiredReviewers: input.requiredReviewers };
}
