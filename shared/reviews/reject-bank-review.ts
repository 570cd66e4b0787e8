import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { decideBankAsReviewer } from '#shared/reviews/decide-bank.ts';

/** A reviewer rejects a bank waiting for review, with the reason. */
export const rejectBankReview = (deps: Deps, actor: ConsoleActor, input: { bankId: string; reason: string }) =>
  decideBankAsReviewer(deps, actor, { bankId: input.bankId, to: 'REJECTED', reason: input.reason });
