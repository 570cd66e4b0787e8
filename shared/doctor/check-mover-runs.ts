import { MOVER_SILENT_AFTER_MINUTES } from '#shared/bank-transfer/records.ts';
import { listMoverRuns, listSftpChannels } from '#shared/bank-transfer/repository.ts';
import type { Db } from '#shared/db/client.ts';
import { type Finding, ok, problem } from '#shared/doctor/checks.ts';

const minutesSince = (at: string, now: Date) => Math.floor((now.getTime() - Date.parse(at)) / 60_000);

/**
 * The mover ran each bank connection (SFTP, per organization and currency) within `MOVER_SILENT_AFTER_MINUTES`, and
 * its last run succeeded: otherwise payment files wait in their outbox and reports at the bank. Each connection's
 * last run is the mover's own record of it (`recordMoverRun`).
 */
export async function checkMoverRuns(db: Db, now: Date): Promise<Finding> {
  const [connections, runs] = await Promise.all([listSftpChannels(db), listMoverRuns(db)]);
  const lastRuns = new Map(runs.map((run) => [`${run.organizationId} ${run.currency}`, run]));
  const wrong: string[] = [];
  const fine: string[] = [];
  for (const { organizationId, currency } of connections) {
    const name = `${organizationId} ${currency}`;
    const run = lastRuns.get(name);
    if (!run) {
      wrong.push(`${name}: never ran`);
      continue;
    }
    const ago = minutesSince(run.lastRunAt, now);
    if (ago > MOVER_SILENT_AFTER_MINUTES) wrong.push(`${name}: last ran ${run.lastRunAt} (${ago} min ago)`);
    else if (run.lastError !== undefined) {
      const succeeded = run.lastSucceededAt ? `last succeeded ${run.lastSucceededAt}` : 'never succeeded';
      wrong.push(`${name}: last ran ${run.lastRunAt} and failed (${run.lastError}); ${succeeded}`);
    } else fine.push(`${name} ${run.lastRunAt}`);
  }
  if (wrong.length > 0) {
    return problem(
      'mover runs',
      wrong.join('; '),
      `The mover runs every minute: look at the BankTransfer function's schedule and log (alarms BankTransferNotRun, ` +
        'BankTransferFailed); a failed run names the server, key or host key to fix',
    );
  }
  if (connections.length === 0) return ok('mover runs', 'no bank connection (SFTP): nothing to move');
  return ok('mover runs', `each connection ran within ${MOVER_SILENT_AFTER_MINUTES} min: ${fine.join(', ')}`);
}
