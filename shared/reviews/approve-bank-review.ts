import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { decideBankAsReviewer } from '#shared/reviews/decide-bank.ts';

/** A reviewer approves a bank waiting for review: ACTIVE, its deposit wallets enabled. */
export const approveBankReview = (deps: Deps, actor: ConsoleActor, bankId: string) =>
  decideBankAsReviewer(deps, actor, { bankId, to: 'ACTIVE' });
