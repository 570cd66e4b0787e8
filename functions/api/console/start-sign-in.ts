import { routes } from '#shared/console/routes.ts';
import { startSignIn } from '#shared/console/start-sign-in.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { sourceAddressOf } from '#shared/http/session.ts';

export const handler = apiHandler(routes.consoleStartSignIn, ({ deps, event }) =>
  startSignIn(deps, { sourceAddress: sourceAddressOf(event) }),
);
