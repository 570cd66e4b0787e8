import { exportTransactionsCsv } from '#shared/console/views/export-transactions-csv.ts';
import { transactionViewRoutes } from '#shared/console/views/transaction-view-routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { nextPageUrl } from '#shared/http/pagination.ts';
import { RawReply } from '#shared/http/reply.ts';

export const handler = apiHandler(
  transactionViewRoutes.consoleExportTransactionsCsv,
  async ({ deps, auth, query, event }) => {
    const page = await exportTransactionsCsv(deps, { organizationId: auth.organizationId, ...query });
    const link: Record<string, string> = page.nextCursor
      ? { link: `<${nextPageUrl(event, page.nextCursor)}>; rel="next"` }
      : {};
    return new RawReply(page.csv, 'text/csv; charset=utf-8', { 'cache-control': 'no-store', ...link });
  },
);
