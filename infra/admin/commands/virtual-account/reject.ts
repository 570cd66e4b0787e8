import { adminCommand } from '#infra/admin/command.ts';
import { oneId, reasonOf } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { decideVirtualAccountById } from '#shared/deposits/decide-virtual-account-by-id.ts';

export const virtualAccountReject = adminCommand({
  name: 'virtual-account reject',
  usage: '<virtualAccountId> [--reason <text>]',
  flags: { reason: { type: 'string' } },
  run({ values, positionals }, { db, config }) {
    return decideVirtualAccountById(
      { db: db(), clock: systemClock, config: config() },
      {
        virtualAccountId: oneId(positionals, 'virtual account id'),
        to: 'REJECTED',
        reason: reasonOf(values.reason),
      },
    );
  },
});
