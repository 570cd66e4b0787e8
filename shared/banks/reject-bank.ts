import type { Where } from '#shared/banks/bank-rules.ts';
import type { Bank } from '#shared/banks/bank-view.ts';
import { decideBankReview } from '#shared/banks/decide-bank-review.ts';
import type { Deps } from '#shared/deps.ts';

/** `POST /sandbox/.../reject`: the sandbox's stand-in for the review that turns a PENDING bank down. */
export const rejectBank = (deps: Deps, input: Where & { bankId: string; reason?: string | undefined }): Promise<Bank> =>
  decideBankReview(deps, { ...input, to: 'REJECTED' });
