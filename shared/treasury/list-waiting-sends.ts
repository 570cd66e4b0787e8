import { keys } from '#shared/db/keys.ts';
import { queryAll } from '#shared/db/query.ts';
import type { Deps } from '#shared/deps.ts';
import { formatMicro } from '#shared/money/micro.ts';
import type { WaitingReason } from '#shared/treasury/records.ts';
import { toSendView, type WaitingSends } from '#shared/treasury/schemas.ts';
import { parseSend } from '#shared/treasury/send-repository.ts';

/** At most this many sends are listed (the oldest); the count covers every send not yet mined. */
const LISTED = 20;

/**
 * What the console's Home shows of the treasury: the organization's sends not yet mined (waiting, or signed and not yet
 * in a block), how many wait for each reason, the oldest's age, and the oldest sends with their figures, so a member
 * sees that a treasury must be funded (or its allowance raised) or a customer must prove a wallet.
 */
export async function listWaitingSends(deps: Deps, input: { organizationId: string }): Promise<WaitingSends> {
  const { pk, skPrefix } = keys.treasurySendsOfOrganization(input.organizationId);
  const open = (
    await queryAll(
      deps.db,
      {
        partition: pk,
        sortKey: { beginsWith: skPrefix },
        filter: { expression: '#status <> :mined', names: { '#status': 'status' }, values: { ':mined': 'MINED' } },
      },
      parseSend,
    )
  ).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const byReason: Record<WaitingReason, number> = { TREASURY_SHORT: 0, OWNERSHIP_PROOF_REQUIRED: 0, RETRY: 0 };
  for (const send of open) if (send.status === 'WAITING' && send.waitingReason) byReason[send.waitingReason] += 1;
  return {
    count: open.length,
    oldestAt: open[0]?.createdAt ?? null,
    byReason,
    items: open.slice(0, LISTED).map((send) => ({
      ...toSendView(send, formatMicro(send.amountMicro)),
      customerId: send.customerId,
      transactionId: send.transactionId,
    })),
  };
}
