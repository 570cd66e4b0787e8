import { apiHandler } from '#shared/http/api-handler.ts';
import { configuredChainPorts } from '#shared/wallets/chain-ports.ts';
import { routes } from '#shared/wallets/routes.ts';
import { verifyAddress } from '#shared/wallets/verify-address.ts';

export const handler = apiHandler(routes.verifyAddress, ({ deps, body }) =>
  verifyAddress(configuredChainPorts(deps.config.region), body),
);
