import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { listVirtualAccountQueue } from '#shared/reviews/list-virtual-account-queue.ts';

export const virtualAccountList = adminCommand({
  name: 'virtual-account list',
  usage: '<organizationId>',
  note: 'virtual accounts waiting for review',
  flags: {},
  run({ positionals }, { db }) {
    return listVirtualAccountQueue({ db: db() }, oneId(positionals, 'organization id'));
  },
});
