import type { Where } from '#shared/banks/bank-rules.ts';
import type { Bank } from '#shared/banks/bank-view.ts';
import { decideBankReview } from '#shared/banks/decide-bank-review.ts';
import type { Deps } from '#shared/deps.ts';

/** `POST /sandbox/.../approve`: the sandbox's stand-in for the review that activates a PENDING bank. */
export const approveBank = (deps: Deps, input: Where & { bankId: string }): Promise<Bank> =>
  decideBankReview(deps, { ...input, to: 'ACTIVE' });
