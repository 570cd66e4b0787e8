import { apiHandler } from '#shared/http/api-handler.ts';
import { routes } from '#shared/treasury/routes.ts';
import { sendOnRampDeposit } from '#shared/treasury/send-onramp-deposit.ts';

export const handler = apiHandler(routes.sandboxSendOnRampDeposit, async ({ deps, auth, params, body }) => {
  const { transaction } = await sendOnRampDeposit(deps, { organizationId: auth.organizationId, ...params, ...body });
  return transaction;
});
