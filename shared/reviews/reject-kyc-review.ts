import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { decideKyc } from '#shared/reviews/decide-kyc.ts';
import type { RejectType } from '#shared/reviews/records.ts';

/** A reviewer rejects a customer's KYC with a reason: `RETRY` (the customer submits again) or `FINAL`. */
export const rejectKycReview = (
  deps: Deps,
  actor: ConsoleActor,
  input: { customerId: string; reason: string; rejectType: RejectType },
) =>
  decideKyc(deps, actor, {
    customerId: input.customerId,
    verdict: { decision: 'REJECT', reason: input.reason, rejectType: input.rejectType },
  });
