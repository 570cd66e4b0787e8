import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Address } from '#shared/customers/records.ts';
import type { Deps } from '#shared/deps.ts';
import { decideKyc } from '#shared/reviews/decide-kyc.ts';

/** A reviewer approves a customer's KYC with the name and address the documents show. */
export const approveKycReview = (
  deps: Deps,
  actor: ConsoleActor,
  input: { customerId: string; verifiedName: string; address: Address },
) =>
  decideKyc(deps, actor, {
    customerId: input.customerId,
    verdict: { decision: 'APPROVE', verifiedName: input.verifiedName, address: input.address },
  });
