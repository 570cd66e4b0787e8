import { accessRoutes } from '#shared/console/identity/access-routes.ts';
import { startSignIn } from '#shared/console/identity/start-sign-in.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { sourceAddressOf } from '#shared/http/session.ts';

export const handler = apiHandler(accessRoutes.consoleStartSignIn, ({ deps, event }) =>
  startSignIn(deps, { sourceAddress: sourceAddressOf(event) }),
);
