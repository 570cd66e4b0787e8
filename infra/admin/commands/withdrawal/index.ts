import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { indexOrganizationTransactions } from '#shared/transactions/index-organization-transactions.ts';

export const withdrawalIndex = adminCommand({
  name: 'withdrawal index',
  usage: '<organizationId>',
  note: "lists transactions stored before gsi3 in the console's view",
  flags: {},
  run({ positionals }, { db }) {
    return indexOrganizationTransactions(db(), oneId(positionals, 'organization id'));
  },
});
