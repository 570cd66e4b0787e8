import { startFauxqs } from 'fauxqs';
import { LOCAL_REGION } from '#infra/local/dynamodb.ts';
import { startPresignedGate } from '#infra/local/presigned-gate.ts';

/** The bucket of uploaded KYC documents under `npm start` and in tests. */
export const LOCAL_DOCUMENTS_BUCKET = 'payouts-kyc-documents';

export type LocalDocumentStore = { endpoint: string; bucket: string; stop: () => Promise<void> };

/**
 * The KYC document store's stand-in: fauxqs's S3 API (path-style) on a free loopback port, with the documents
 * bucket, behind S3's check of presigned links (the reviewers' links expire as in AWS). In memory: documents
 * uploaded locally do not outlive the process (their records in the table do).
 */
export async function startLocalDocumentStore(): Promise<LocalDocumentStore> {
  const server = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false, defaultRegion: LOCAL_REGION });
  server.createBucket(LOCAL_DOCUMENTS_BUCKET);
  // The credentials every local client of the store signs with (shared/events/aws-clients.ts).
  const gate = await startPresignedGate({
    upstream: server.address,
    region: LOCAL_REGION,
    accessKeyId: 'local',
    secretAccessKey: 'local',
  });
  return {
    endpoint: gate.endpoint,
    bucket: LOCAL_DOCUMENTS_BUCKET,
    stop: async () => {
      await gate.stop();
      await server.stop();
    },
  };
}
