import { sandboxPayIn } from '#shared/deposits/sandbox-pay-in.ts';
import { sandboxPayInRoutes } from '#shared/deposits/sandbox-pay-in-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';

export const handler = apiHandler(sandboxPayInRoutes.sandboxPayIn, ({ deps, auth, body }) =>
  sandboxPayIn(deps, auth.organization, body),
);
