import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { decideBankById } from '#shared/banks/decide-bank-by-id.ts';
import { systemClock } from '#shared/clock.ts';

export const bankApprove = adminCommand({
  name: 'bank approve',
  usage: '<bankId>',
  flags: {},
  run({ positionals }, { db }) {
    return decideBankById({ db: db(), clock: systemClock }, { bankId: oneId(positionals, 'bank id'), to: 'ACTIVE' });
  },
});
