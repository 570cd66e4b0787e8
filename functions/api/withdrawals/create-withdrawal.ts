import { apiHandler } from '#shared/http/api-handler.ts';
import { creatorOf } from '#shared/http/auth.ts';
import { reply } from '#shared/http/reply.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { routes } from '#shared/withdrawals/routes.ts';

export const handler = apiHandler(routes.createWithdrawal, async ({ deps, auth, params, body, event }) => {
  const { transaction, replayed } = await createWithdrawal(deps, {
    organization: auth.organization,
    customerId: params.customerId,
    ...body,
    idempotencyKeyHeader: event.headers?.['idempotency-key'],
    createdBy: creatorOf(auth),
  });
  return replayed ? reply(transaction, { headers: { 'idempotent-replayed': 'true' } }) : transaction;
});
