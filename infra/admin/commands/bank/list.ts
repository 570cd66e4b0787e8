import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { listBankQueue } from '#shared/reviews/list-bank-queue.ts';

export const bankList = adminCommand({
  name: 'bank list',
  usage: '<organizationId>',
  note: 'withdrawal banks waiting for review',
  flags: {},
  run({ positionals }, { db }) {
    return listBankQueue({ db: db() }, oneId(positionals, 'organization id'));
  },
});
