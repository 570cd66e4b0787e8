import { listSftpChannels } from '#shared/bank-transfer/repository.ts';
import type { Db } from '#shared/db/client.ts';
import { type Finding, ok, problem } from '#shared/doctor/checks.ts';
import { getOrganization } from '#shared/organizations/repository.ts';

/**
 * Every bank connection (SFTP, per organization and currency) belongs to a live organization with a payout account
 * in that currency: the debtor its files name. One without sends files nobody can book, or none at all.
 */
export async function checkPayoutAccounts(db: Db): Promise<Finding> {
  const connections = await listSftpChannels(db);
  const wrong: string[] = [];
  for (const { organizationId, currency } of connections) {
    const organization = await getOrganization(db, organizationId);
    if (!organization) wrong.push(`${organizationId} ${currency}: no such organization`);
    else if (organization.environment !== 'live') wrong.push(`${organizationId} ${currency}: not a live organization`);
    else if (!organization.payoutAccounts?.[currency]) wrong.push(`${organizationId} ${currency}: no payout account`);
  }
  if (wrong.length > 0) {
    return problem(
      'payout accounts',
      wrong.join('; '),
      "Set it with `npm run admin -- org update <organizationId> --payout-accounts '{...}'`, or remove the connection",
    );
  }
  return ok('payout accounts', `${connections.length} bank connection(s), each with its live payout account`);
}
