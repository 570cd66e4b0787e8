import type { AuditActor } from '#shared/console/common/records.ts';
import { refusal } from '#shared/errors.ts';

/** Refusals of the operator's payout routes: here, so the route table imports no use case. */
export const SETTLEMENT_NOT_FOUND = refusal(404, 'No settlement of this payout is proposed');
export const SETTLEMENT_ALREADY_PROPOSED = refusal(
  409,
  'A settlement of this payout is already proposed: approve or reject it first',
);
export const SETTLEMENT_DECIDED = refusal(409, 'This settlement is already decided');
export const SETTLEMENT_NEEDS_SECOND_PERSON = refusal(
  403,
  'A settlement must be approved by someone other than who proposed it',
);
export const NOT_SENT_TO_A_BANK = refusal(
  409,
  'This payout is in no payment file: no bank was sent it, so none can have booked it',
);
export const NOT_A_BANK_PAYOUT = refusal(409, 'Only a bank payout still PROCESSING can be settled by hand');

/**
 * Who acts on a payout by hand: a member in the console, or the operator with the admin CLI; where from (the
 * member's address, or `operator-cli`).
 */
export type PayoutOperator = { organizationId: string; actor: AuditActor; sourceAddress: string };

/** One person, whichever way they act: the same e-mail as a member and as the operator is the same person. */
export const samePerson = (a: AuditActor, b: AuditActor) =>
  a.email.trim().toLowerCase() === b.email.trim().toLowerCase() || (a.kind === b.kind && a.id === b.id);
