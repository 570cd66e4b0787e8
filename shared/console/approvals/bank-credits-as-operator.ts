import { assignSuspenseCredit } from '#shared/bank-credits/assign-suspense-credit.ts';
import { getBooking, listSuspense } from '#shared/bank-credits/booking-repository.ts';
import { sendBackSuspenseCredit } from '#shared/bank-credits/send-back-suspense-credit.ts';
import { suspenseCreditView } from '#shared/console/approvals/bank-credits-schemas.ts';
import { auditedAsOperator } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';

/**
 * The operator CLI's `bank-credit suspense|assign|send-back`: any queue, the platform's included (credits that named
 * no customer of any organization). Audited in the organization the credit is given to, or whose queue it was in; a
 * platform credit sent back is recorded on the credit alone (`resolution`), as no organization owns it.
 */
export async function listSuspenseAsOperator(deps: Deps, queue: string, page: { limit: number; cursor?: string }) {
  const found = await listSuspense(deps.db, queue, page);
  return { items: found.items.map(suspenseCreditView), nextCursor: found.nextCursor ?? null };
}

export function assignAsOperator(
  deps: Deps,
  input: { bookingId: string; organizationId: string; customerId: string; operator: string; reason: string },
) {
  const operator = input.operator.trim().toLowerCase();
  return assignSuspenseCredit(
    deps,
    { ...input, queue: 'ANY', by: `operator:${operator}` },
    auditedAsOperator(deps, input.organizationId, operator, 'bank_credit.assigned_by_operator'),
  );
}

export async function sendBackAsOperator(
  deps: Deps,
  channel: BankChannel,
  input: { bookingId: string; operator: string; reason: string },
) {
  const operator = input.operator.trim().toLowerCase();
  const booking = await getBooking(deps.db, input.bookingId);
  const organizationId = booking?.organizationId;
  const sent = await sendBackSuspenseCredit(
    deps,
    channel,
    { ...input, queue: 'ANY', by: `operator:${operator}` },
    organizationId ? auditedAsOperator(deps, organizationId, operator, 'bank_credit.sent_back_by_operator') : undefined,
  );
  return suspenseCreditView(sent);
}
