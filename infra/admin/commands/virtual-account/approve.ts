import { adminCommand } from '#infra/admin/command.ts';
import { oneId, UsageError } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { decideVirtualAccountById } from '#shared/deposits/decide-virtual-account-by-id.ts';

export const virtualAccountApprove = adminCommand({
  name: 'virtual-account approve',
  usage: '<virtualAccountId>',
  // Taken only to refuse it with a clearer message than an unknown flag's.
  flags: { reason: { type: 'string' } },
  run({ values, positionals }, { db, config }) {
    if (values.reason !== undefined) throw new UsageError('--reason goes with reject');
    return decideVirtualAccountById(
      { db: db(), clock: systemClock, config: config() },
      { virtualAccountId: oneId(positionals, 'virtual account id'), to: 'ACTIVE' },
    );
  },
});
