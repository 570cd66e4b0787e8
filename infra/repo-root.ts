import { fileURLToPath } from 'node:url';

/** The repository's root directory: handler entries, package files and data paths are relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
