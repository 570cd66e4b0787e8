import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { decideHold } from '#shared/screening-review/decide-hold.ts';

/** A reviewer confirms a hold as a true match: what it held is blocked for good (`decide-hold.ts`). */
export const confirmScreeningHold = (deps: Deps, actor: ConsoleActor, input: { holdId: string; reason: string }) =>
  decideHold(deps, actor, { ...input, decision: 'CONFIRM' });
