import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import { writeGuarded } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { getReviewSettingsOf } from '#shared/reviews/get-review-settings.ts';
import { reviewSettingsPut } from '#shared/reviews/repository.ts';

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
