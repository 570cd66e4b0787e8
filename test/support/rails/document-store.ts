import type { TestProject } from 'vitest/node';
import { type LocalDocumentStore, startLocalDocumentStore } from '#infra/local/document-store.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    documentStoreEndpoint: string;
    documentsBucket: string;
  }
}

let store: LocalDocumentStore | undefined;

/** One S3-compatible document store (fauxqs, in memory) for the integration run, as `npm start` has. */
export async function setup(project: TestProject) {
  store = await startLocalDocumentStore();
  project.provide('documentStoreEndpoint', store.endpoint);
  project.provide('documentsBucket', store.bucket);
}

export async function teardown() {
  await store?.stop();
}
