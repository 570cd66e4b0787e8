import { adminCommand } from '#infra/admin/command.ts';
import { oneId, operatorOf } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { createApiKeyAsOperator } from '#shared/console/identity/create-api-key.ts';

export const keyCreate = adminCommand({
  name: 'key create',
  usage: '<organizationId> [--as <operator>]',
  flags: { as: { type: 'string' } },
  async run({ values, positionals }, { db }) {
    const created = await createApiKeyAsOperator(
      { db: db(), clock: systemClock },
      { organizationId: oneId(positionals, 'organization id'), operator: operatorOf(values.as) },
    );
    return { apiKeyId: created.id, apiKey: created.apiKey };
  },
});
