import { apiHandler } from '#shared/http/api-handler.ts';
import { creatorOf } from '#shared/http/auth.ts';
import { reply } from '#shared/http/reply.ts';
import { createWithdrawalBatch } from '#shared/withdrawals/create-withdrawal-batch.ts';
import { routes } from '#shared/withdrawals/routes.ts';

export const handler = apiHandler(routes.createWithdrawalBatch, async ({ deps, auth, body, event }) => {
  const { response, replayed } = await createWithdrawalBatch(deps, {
    organization: auth.organization,
    ...body,
    idempotencyKeyHeader: event.headers?.['idempotency-key'],
    createdBy: creatorOf(auth),
  });
  return replayed ? reply(response, { headers: { 'idempotent-replayed': 'true' } }) : response;
});
