import { listBanks } from '#shared/banks/list-banks.ts';
import { registeredBankRoutes } from '#shared/banks/registered-bank-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { pageReply } from '#shared/http/pagination.ts';

export const handler = apiHandler(
  registeredBankRoutes.listWithdrawalBanks,
  async ({ deps, auth, params, query, event }) =>
    pageReply(
      event,
      await listBanks(deps, { organizationId: auth.organizationId, customerId: params.customerId, ...query }),
    ),
);
