import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { decideVirtualAccountAsReviewer } from '#shared/reviews/decide-virtual-account.ts';

/** A reviewer opens a requested virtual account: ACTIVE, with its IBAN. */
export const approveVirtualAccountReview = (deps: Deps, actor: ConsoleActor, virtualAccountId: string) =>
  decideVirtualAccountAsReviewer(deps, actor, { virtualAccountId, to: 'ACTIVE' });
