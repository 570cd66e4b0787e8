import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { decideHold } from '#shared/screening-review/decide-hold.ts';

/** A reviewer clears a hold as a false positive: what it held goes on as it would have (`decide-hold.ts`). */
export const clearScreeningHold = (deps: Deps, actor: ConsoleActor, input: { holdId: string; reason: string }) =>
  decideHold(deps, actor, { ...input, decision: 'CLEAR' });
