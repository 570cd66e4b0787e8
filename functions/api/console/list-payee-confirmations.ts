import { listPayeeConfirmations } from '#shared/console/list-payee-confirmations.ts';
import { routes } from '#shared/console/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(routes.consoleListPayeeConfirmations, ({ deps, actor }) =>
  listPayeeConfirmations(deps, actor),
);
