import { readFile } from 'node:fs/promises';
import { adminCommand } from '#infra/admin/command.ts';
import { oneId, UsageError } from '#infra/admin/flags.ts';
import { SftpChannelSchema } from '#shared/bank-transfer/records.ts';
import { putSftpChannel } from '#shared/bank-transfer/repository.ts';
import { getOrganization } from '#shared/organizations/repository.ts';

/** Points a live organization's payout account (a currency) at its bank's SFTP server. */
export const bankTransferSetSftp = adminCommand({
  name: 'bank-transfer set-sftp',
  usage: [
    '<organizationId> --currency EUR|USD --config <file.json>',
    '  (the file: {"host","port","hostKey":"ssh-ed25519 AAAA..","user","privateKeySecret","uploadDir",',
    '   "downloadDir", optionally "pgp":{"bankPublicKey","privateKeySecret","passphraseSecret"}}; secrets by name:',
    '   Secrets Manager in AWS, files under DATA_DIR/secrets/ locally; see shared/bank-transfer/README.md)',
  ],
  flags: { currency: { type: 'string' }, config: { type: 'string' } },
  async run({ values, positionals }, { db }) {
    const organizationId = oneId(positionals, 'organization id');
    if (values.currency !== 'EUR' && values.currency !== 'USD') throw new UsageError('--currency takes EUR or USD');
    if (!values.config) throw new UsageError('--config names the connection file');
    const organization = await getOrganization(db(), organizationId);
    if (!organization) throw new UsageError(`No organization ${organizationId}`);
    if (organization.environment !== 'live') throw new UsageError('Only a live organization sends files to a bank');
    const parsed = SftpChannelSchema.safeParse({
      ...JSON.parse(await readFile(values.config, 'utf8')),
      organizationId,
      currency: values.currency,
    });
    if (!parsed.success)
      throw new UsageError(
        `--config: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    await putSftpChannel(db(), parsed.data);
    const { pgp, ...shown } = parsed.data;
    return { ...shown, pgp: pgp ? 'configured' : 'none' };
  },
});
