import { sendBackSuspenseCredit } from '#shared/bank-credits/send-back-suspense-credit.ts';
import { suspenseCreditView } from '#shared/console/approvals/bank-credits-schemas.ts';
import { auditedAs, type ConsoleActor } from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';

/** A member who may approve sends a credit of the organization's suspense queue back to its payer, audited. */
export async function bankCreditsSendBack(
  deps: Deps,
  actor: ConsoleActor,
  input: { bookingId: string; reason: string },
) {
  const organizationId = actor.organization.organizationId;
  const sent = await sendBackSuspenseCredit(
    deps,
    bankChannel(deps.config),
    { ...input, queue: organizationId, by: `member:${actor.member.email}` },
    auditedAs(deps, actor, 'bank_credit.sent_back'),
  );
  return suspenseCreditView(sent);
}
