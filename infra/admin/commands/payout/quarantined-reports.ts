import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { listQuarantinedReports } from '#shared/payout-operations/list-quarantined-reports.ts';

export const payoutQuarantinedReports = adminCommand({
  name: 'payout quarantined-reports',
  usage: '<organizationId>',
  note: 'bank reports not applied, with the reason',
  flags: {},
  run({ positionals }, { db, config }) {
    return listQuarantinedReports(
      { db: db(), clock: systemClock, config: config() },
      oneId(positionals, 'organization id'),
    );
  },
});
