import { DOCS_CONTENT_SECURITY_POLICY, docsPageHtml } from '#shared/docs/docs-page.ts';
import { routes } from '#shared/docs/routes.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { RawReply } from '#shared/http/reply.ts';

const html = docsPageHtml({ specUrl: routes.getOpenApiDocument.path, assetBase: routes.getDocsPage.path });

export const handler = apiHandler(
  routes.getDocsPage,
  () =>
    new RawReply(html, 'text/html; charset=utf-8', {
      'content-security-policy': DOCS_CONTENT_SECURITY_POLICY,
      'cache-control': 'no-cache',
    }),
);
