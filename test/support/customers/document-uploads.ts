import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '#shared/deps.ts';
import type { useApi } from '#test/support/http/local-api.ts';
import { type FilePart, multipartBody } from '#test/support/http/multipart-body.ts';

/** Test-only helpers for KYC document uploads: sample files, multipart requests, what the store holds. */

/** The smallest files each format is recognized by: their signatures and a few bytes. */
export const SAMPLE_FILES = {
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jpeg body')]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png body')]),
  pdf: Buffer.from('%PDF-1.7\n% proof of address\n%%EOF\n'),
};

type Request = ReturnType<typeof useApi>['request'];

/**
 * POSTs a multipart form to a customer's documents route through the checked local API (its answer is checked
 * against the OpenAPI document): the file in `file` unless `field` names another part.
 */
export function postDocument(
  request: Request,
  path: string,
  key: string,
  fields: Record<string, string>,
  file?: FilePart & { field?: string },
) {
  const { rawBody, headers } = multipartBody(fields, file ? { [file.field ?? 'file']: file } : {});
  return request<Record<string, unknown>>('POST', path, { key, rawBody, headers });
}

/** Test-only: the document items of a customer, as stored. */
export async function storedDocuments(deps: Pick<Deps, 'db'>, organizationId: string, customerId: string) {
  const { Items } = await deps.db.client.send(
    new QueryCommand({
      TableName: deps.db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :doc)',
      ExpressionAttributeValues: { ':pk': `ORG#${organizationId}#CUSTOMER#${customerId}`, ':doc': 'KYCDOC#' },
    }),
  );
  return Items ?? [];
}

/** The bytes the document store holds under `key`. */
export async function storedObject(deps: Pick<Deps, 'config'>, key: string): Promise<Buffer> {
  const { bucket, endpoint } = deps.config.documents;
  const client = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: deps.config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } finally {
    client.destroy();
  }
}
