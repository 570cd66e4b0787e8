import type { TestProject } from 'vitest/node';
import { type LocalDocumentStore, startLocalDocumentStore } from '#infra/local/document-store.ts';
import { acquire, release } from '#test/support/run-shared.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    documentStoreEndpoint: string;
    documentsBucket: string;
  }
}

/** One S3-compatible document store (fauxqs, in memory) for the integration run, as `npm start` has (`acquire`). */
export async function setup(project: TestProject) {
  const store = await acquire('document-store', startLocalDocumentStore);
  project.provide('documentStoreEndpoint', store.endpoint);
  project.provide('documentsBucket', store.bucket);
}

export async function teardown() {
  await release<LocalDocumentStore>('document-store', (store) => store.stop());
}
