import { listSftpChannels } from '#shared/bank-transfer/repository.ts';
import { keys } from '#shared/db/keys.ts';
import { queryPage } from '#shared/db/query.ts';
import type { Deps } from '#shared/deps.ts';
import { gaugeMetric } from '#shared/metrics.ts';
import { listUnansweredFiles } from '#shared/payout-operations/list-unanswered-files.ts';
import { answerDeadline } from '#shared/waiting/answer-window.ts';
import { WAITING_QUEUES, type WaitingQueue } from '#shared/waiting/keys.ts';
import { OLDEST_WAITING_METRIC, UNANSWERED_FILES_METRIC } from '#shared/waiting/metrics.ts';

/**
 * Delivered payment files whose payouts are still PROCESSING past their rail's answer window (`answer-window.ts`),
 * over every organization with a bank connection: the mover's deliveries are the only ones recorded.
 */
export async function unansweredFiles(deps: Deps, now: Date) {
  const organizations = [...new Set((await listSftpChannels(deps.db)).map((channel) => channel.organizationId))];
  const late = [];
  for (const organizationId of organizations) {
    for (const file of await listUnansweredFiles(deps, organizationId)) {
      const deadline = answerDeadline(file, new Date(file.deliveredAt));
      if (deadline < now) late.push({ organizationId, ...file, answerDueAt: deadline.toISOString() });
    }
  }
  return late;
}

/** The oldest item waiting in `queue` (every organization's), its age in seconds; 0 when none waits. */
export async function oldestWaitingSeconds(deps: Pick<Deps, 'db'>, queue: WaitingQueue, now: Date) {
  const { items } = await queryPage(deps.db, { index: 'gsi2', partition: keys.waitingIn(queue).gsi2pk }, { limit: 1 });
  const since = String(items[0]?.gsi2sk ?? '').split('#')[0] ?? '';
  return since ? Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / 1000)) : 0;
}

/** One run of the scheduled measure: both metrics, and what they measured. */
export async function measureWaiting(deps: Deps) {
  const now = deps.clock.now();
  const late = await unansweredFiles(deps, now);
  gaugeMetric(UNANSWERED_FILES_METRIC, {}, late.length);
  const oldest: Partial<Record<WaitingQueue, number>> = {};
  for (const queue of WAITING_QUEUES) {
    oldest[queue] = await oldestWaitingSeconds(deps, queue, now);
    gaugeMetric(OLDEST_WAITING_METRIC, { queue }, oldest[queue]);
  }
  return { unansweredFiles: late, oldestWaitingSeconds: oldest };
}
