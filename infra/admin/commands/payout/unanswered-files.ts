import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { listUnansweredFiles } from '#shared/payout-operations/list-unanswered-files.ts';

export const payoutUnansweredFiles = adminCommand({
  name: 'payout unanswered-files',
  usage: '<organizationId>',
  note: 'delivered to the bank, payouts still PROCESSING',
  flags: {},
  run({ positionals }, { db, config }) {
    return listUnansweredFiles(
      { db: db(), clock: systemClock, config: config() },
      oneId(positionals, 'organization id'),
    );
  },
});
