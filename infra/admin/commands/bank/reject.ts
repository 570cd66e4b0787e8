import { adminCommand } from '#infra/admin/command.ts';
import { oneId, reasonOf } from '#infra/admin/flags.ts';
import { decideBankById } from '#shared/banks/decide-bank-by-id.ts';
import { systemClock } from '#shared/clock.ts';

export const bankReject = adminCommand({
  name: 'bank reject',
  usage: '<bankId> [--reason <text>]',
  flags: { reason: { type: 'string' } },
  run({ values, positionals }, { db }) {
    return decideBankById(
      { db: db(), clock: systemClock },
      { bankId: oneId(positionals, 'bank id'), to: 'REJECTED', reason: reasonOf(values.reason) },
    );
  },
});
