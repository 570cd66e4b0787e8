import { readDocsAsset } from '#shared/docs/docs-page.ts';
import { routes } from '#shared/docs/routes.ts';
import { NotFoundError } from '#shared/errors.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { RawReply } from '#shared/http/reply.ts';

export const handler = apiHandler(routes.getDocsAsset, ({ params, event }) => {
  const acceptsGzip = /\bgzip\b/.test(event.headers?.['accept-encoding'] ?? '');
  const asset = readDocsAsset(params.asset, acceptsGzip);
  if (!asset) throw new NotFoundError();
  return new RawReply(asset.body, asset.contentType, {
    'cache-control': 'public, max-age=3600',
    vary: 'accept-encoding',
    ...(asset.gzipped ? { 'content-encoding': 'gzip' } : {}),
  });
});
