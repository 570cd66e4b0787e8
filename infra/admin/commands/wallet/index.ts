import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { indexOrganizationWallets } from '#shared/wallets/index-organization-wallets.ts';

export const walletIndex = adminCommand({
  name: 'wallet index',
  usage: '<organizationId>',
  note: 'pages wallets stored before the wallet list was paged',
  flags: {},
  run({ positionals }, { db }) {
    return indexOrganizationWallets(db(), oneId(positionals, 'organization id'));
  },
});
