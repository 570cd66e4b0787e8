import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { listApiKeysOfOrganization } from '#shared/organizations/repository.ts';

export const keyList = adminCommand({
  name: 'key list',
  usage: '<organizationId>',
  flags: {},
  async run({ positionals }, { db }) {
    const list = await listApiKeysOfOrganization(db(), oneId(positionals, 'organization id'));
    // Never the key's hash: the list shows ids, hints and status.
    return list.map(({ keyHash: _hash, ...key }) => key);
  },
});
