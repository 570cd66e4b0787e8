import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { listOverduePayouts } from '#shared/payout-operations/list-overdue-payouts.ts';

export const payoutOverdue = adminCommand({
  name: 'payout overdue',
  usage: '<organizationId>',
  note: "PROCESSING past their rail's expected settlement",
  flags: {},
  run({ positionals }, { db, config }) {
    return listOverduePayouts(
      { db: db(), clock: systemClock, config: config() },
      oneId(positionals, 'organization id'),
    );
  },
});
