import { sandboxDepositRoutes } from '#shared/deposits/sandbox-deposit-routes.ts';
import { simulateDeposit } from '#shared/deposits/simulate-deposit.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { reply } from '#shared/http/reply.ts';

export const handler = apiHandler(sandboxDepositRoutes.sandboxDeposit, async ({ deps, auth, body }) => {
  const { transaction, replayed } = await simulateDeposit(deps, { organization: auth.organization, ...body });
  return replayed ? reply(transaction, { headers: { 'idempotent-replayed': 'true' } }) : transaction;
});
