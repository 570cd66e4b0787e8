import { adminCommand } from '#infra/admin/command.ts';
import { positiveInt, UsageError } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { createOrganization } from '#shared/organizations/organization-admin.ts';

export const orgCreate = adminCommand({
  name: 'org create',
  usage: '--name <name> [--env sandbox|live] [--no-customers] [--no-api-withdrawals] [--approvals <n>]',
  flags: {
    name: { type: 'string' },
    env: { type: 'string' },
    'no-customers': { type: 'boolean' },
    'no-api-withdrawals': { type: 'boolean' },
    approvals: { type: 'string' },
  },
  async run({ values, positionals }, { db }) {
    if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}`);
    const name = typeof values.name === 'string' ? values.name.trim() : '';
    if (!name || name.length > 140) throw new UsageError('--name is required (1-140 characters)');
    const environment = values.env ?? 'sandbox';
    if (environment !== 'sandbox' && environment !== 'live') throw new UsageError('--env takes sandbox or live');
    const created = await createOrganization(db(), systemClock, {
      name,
      environment,
      customers: !values['no-customers'],
      apiWithdrawals: !values['no-api-withdrawals'],
      requiredApprovals: positiveInt('approvals', values.approvals),
    });
    return { organizationId: created.organizationId, apiKeyId: created.apiKeyId, apiKey: created.apiKey };
  },
});
