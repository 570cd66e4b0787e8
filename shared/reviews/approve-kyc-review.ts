import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Address } from '#shared/customers/records.ts';
import type { Deps } from '#shared/deps.ts';
import { decideKyc } from '#shared/reviews/decide-kyc.ts';

/**
 * A reviewer approves a customer's KYC with what the documents show: the name and address, and where given the
 * nationality and date of birth (a corporate's registration number).
 */
export const approveKycReview = (
  deps: Deps,
  actor: ConsoleActor,
  input: {
    customerId: string;
    verifiedName: string;
    address: Address;
    nationality?: string | undefined;
    dateOfBirth?: string | undefined;
    registrationNumber?: string | undefined;
  },
) =>
  decideKyc(deps, actor, {
    customerId: input.customerId,
    verdict: {
      decision: 'APPROVE',
      verifiedName: input.verifiedName,
      address: input.address,
      nationality: input.nationality ?? null,
      dateOfBirth: input.dateOfBirth ?? null,
      registrationNumber: input.registrationNumber ?? null,
    },
  });
