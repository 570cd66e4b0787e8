import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { verifySignatures } from '#shared/console/approvals/verify-signatures.ts';
import { organizationOfTransaction } from '#shared/transactions/organization-of-transaction.ts';

export const withdrawalVerifySignatures = adminCommand({
  name: 'withdrawal verify-signatures',
  usage: '<transactionId>',
  note: 'every console signature, verified again; exit 1 if one fails',
  flags: {},
  async run({ positionals }, { db, config }) {
    const transactionId = oneId(positionals, 'transaction id');
    const deps = { db: db(), clock: systemClock, config: config() };
    const organization = await organizationOfTransaction(deps, transactionId);
    const result = await verifySignatures(deps, { organizationId: organization.organizationId, transactionId });
    // The result is still printed: which signature failed is what the operator needs to see.
    if (!result.allValid) process.exitCode = 1;
    return result;
  },
});
