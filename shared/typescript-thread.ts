import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running a module of this repository, TypeScript and `#` imports included: a loader registered in
 * the parent is not inherited by a thread on Node 20, so a two-line bootstrap registers tsx's in the thread, then
 * loads the module. Only the local runtime and the bench start threads; functions in AWS ship without tsx, which is
 * resolved only when a thread starts.
 */
export function typeScriptThread(module: URL, workerData: Record<string, unknown> = {}): Worker {
  return new Worker(BOOTSTRAP, { eval: true, workerData: { ...workerData, loader: tsxLoader(), module: module.href } });
}

const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.loader).then((tsx) => tsx.register()).then(() => import(workerData.module));
`;

/** tsx's ESM API (`tsx/esm/api`, its `import` condition), as a URL the thread can import. */
const tsxLoader = () =>
  pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'))
    .href;
