import { chainRpcConfig } from '#shared/config/chain-rpc.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { RawReply } from '#shared/http/reply.ts';
import { exportTravelRule } from '#shared/treasury/export-travel-rule.ts';
import { routes } from '#shared/treasury/routes.ts';

export const handler = apiHandler(routes.consoleExportTravelRule, async ({ deps, auth, event }) => {
  const lines = await exportTravelRule(deps, {
    organizationId: auth.organizationId,
    usdcAddressOf: (chain) => chainRpcConfig()[chain]?.usdcAddress ?? '',
    callbackBase: `https://${event.headers?.host ?? event.requestContext?.domainName ?? 'localhost'}`,
  });
  return new RawReply(lines, 'application/x-ndjson', { 'cache-control': 'no-store' });
});
