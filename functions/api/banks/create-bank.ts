import { bankRegistrationRoutes } from '#shared/banks/bank-registration-routes.ts';
import { createBank } from '#shared/banks/create-bank.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(bankRegistrationRoutes.createWithdrawalBank, ({ deps, auth, params, body }) =>
  createBank(deps, {
    organizationId: auth.organizationId,
    environment: auth.organization.environment,
    customerId: params.customerId,
    treasuries: auth.organization.treasuries,
    payeeWhenNotPossible: auth.organization.payeeWhenNotPossible,
    ...body,
  }),
);
