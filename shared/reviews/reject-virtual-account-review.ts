import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { decideVirtualAccountAsReviewer } from '#shared/reviews/decide-virtual-account.ts';

/** A reviewer refuses a requested virtual account, with the reason. */
export const rejectVirtualAccountReview = (
  deps: Deps,
  actor: ConsoleActor,
  input: { virtualAccountId: string; reason: string },
) => decideVirtualAccountAsReviewer(deps, actor, { ...input, to: 'REJECTED' });
