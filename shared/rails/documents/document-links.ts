import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '#shared/config/env.ts';
import { ServiceUnavailableError } from '#shared/errors.ts';
import { awsClientConfig } from '#shared/events/aws-clients.ts';
import { DOCUMENTS_NOT_CONFIGURED } from '#shared/rails/documents/document-store.ts';
import { presignGetUrl } from '#shared/rails/documents/presign.ts';

/**
 * Short-lived links to stored KYC documents, for the reviewers' browsers: a presigned GET of the documents bucket,
 * signed with the function's own credentials (so it reads no more than the function's role may, `s3:GetObject`
 * under the documents prefix), valid for `expiresInS`. Nothing is proxied through the service.
 */
export type DocumentLink = { url: string; expiresAt: string };
export type DocumentLinks = { link: (key: string, contentType: string, now: Date) => Promise<DocumentLink> };

let client: S3Client | undefined;

export function documentLinksFor(config: Config, expiresInS: number): DocumentLinks {
  const { bucket, endpoint } = config.documents;
  return {
    async link(key, contentType, now) {
      if (!bucket) throw new ServiceUnavailableError(DOCUMENTS_NOT_CONFIGURED);
      client ??= new S3Client({ ...awsClientConfig(config.region, endpoint), forcePathStyle: endpoint !== undefined });
      const credentials = await client.config.credentials();
      const url = presignGetUrl({
        credentials,
        region: config.region,
        bucket,
        key,
        endpoint,
        expiresInS,
        now,
        // Shown in the browser, never saved under a name the uploader chose.
        responseHeaders: { 'response-content-disposition': 'inline', 'response-content-type': contentType },
      });
      return { url, expiresAt: new Date(now.getTime() + expiresInS * 1000).toISOString() };
    },
  };
}
