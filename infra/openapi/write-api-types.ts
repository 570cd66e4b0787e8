/** `npm run openapi:types`: rewrites the committed API types from the current route table and schemas. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_TYPES_FILE, generateApiTypes } from '#infra/openapi/api-types.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

writeFileSync(join(REPO_ROOT, API_TYPES_FILE), await generateApiTypes());
console.log(`wrote ${API_TYPES_FILE}`);
