/** `npm run openapi:types`: rewrites the committed API types from the current route table and schemas. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_TYPES } from '#infra/openapi/api-types.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

for (const { file, generate } of GENERATED_TYPES) {
  writeFileSync(join(REPO_ROOT, file), await generate());
  console.log(`wrote ${file}`);
}
