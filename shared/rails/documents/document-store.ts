import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '#shared/config/env.ts';
import { ServiceUnavailableError } from '#shared/errors.ts';
import { awsClientConfig } from '#shared/events/aws-clients.ts';

/**
 * The KYC document store port: uploaded documents go to a private S3 bucket, encrypted at rest (the bucket's
 * default, and asked for on every object), under `kyc-documents/<organization>/<customer>/<document>`. Locally the
 * same S3 API on fauxqs (path-style, in memory: documents do not outlive `npm start`).
 */
export type StoredDocument = { key: string; bytes: Buffer; contentType: string; sha256: string };
export type DocumentStore = { put: (document: StoredDocument) => Promise<void> };

export const documentKey = (organizationId: string, customerId: string, documentId: string) =>
  `kyc-documents/${organizationId}/${customerId}/${documentId}`;

/** A deployment without the bucket can neither take nor show documents. */
export const DOCUMENTS_NOT_CONFIGURED = 'Document storage is not configured';

let client: S3Client | undefined;

export function documentStoreFor(config: Config): DocumentStore {
  const { bucket, endpoint } = config.documents;
  return {
    async put(document) {
      // A deployment without the bucket cannot take documents; say so rather than fail obscurely.
      if (!bucket) throw new ServiceUnavailableError(DOCUMENTS_NOT_CONFIGURED);
      client ??= new S3Client({ ...awsClientConfig(config.region, endpoint), forcePathStyle: endpoint !== undefined });
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: document.key,
          Body: document.bytes,
          ContentType: document.contentType,
          ServerSideEncryption: 'AES256',
          // S3 checks the bytes it stored against the hash we computed: a corrupted upload is refused.
          ChecksumSHA256: Buffer.from(document.sha256, 'hex').toString('base64'),
          Metadata: { sha256: document.sha256 },
        }),
      );
    },
  };
}
