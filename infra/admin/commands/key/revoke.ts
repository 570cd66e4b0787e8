import { adminCommand } from '#infra/admin/command.ts';
import { oneId, operatorOf } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { revokeApiKeyAsOperator } from '#shared/console/identity/revoke-api-key.ts';

export const keyRevoke = adminCommand({
  name: 'key revoke',
  usage: '<apiKeyId> [--as <operator>]',
  flags: { as: { type: 'string' } },
  async run({ values, positionals }, { db }) {
    const revoked = await revokeApiKeyAsOperator(
      { db: db(), clock: systemClock },
      { apiKeyId: oneId(positionals, 'API key id'), operator: operatorOf(values.as) },
    );
    return { apiKeyId: revoked.id, status: revoked.status, revokedAt: revoked.revokedAt };
  },
});
