import { apiHandler } from '#shared/http/api-handler.ts';
import { reply } from '#shared/http/reply.ts';
import { createWithdrawalBatch } from '#shared/withdrawals/create-withdrawal-batch.ts';
import { routes } from '#shared/withdrawals/routes.ts';

export const handler = apiHandler(routes.createWithdrawalBatch, async ({ deps, auth, body, event }) => {
  const { response, replayed } = await createWithdrawalBatch(deps, {
    organization: auth.organization,
    ...body,
    idempotencyKeyHeader: event.headers?.['idempotency-key'],
  });
  return replayed ? reply(response, { headers: { 'idempotent-replayed': 'true' } }) : response;
});
