import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES } from '#infra/openapi/api-types.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

describe('the committed API types', () => {
  it.each(GENERATED_TYPES.map(({ file, generate }) => [file, generate] as const))(
    '%s is what the current route table and schemas generate (else: npm run openapi:types)',
    async (file, generate) => {
      const committed = readFileSync(join(REPO_ROOT, file), 'utf8');

      const generated = await generate();

      // A plain equality check: a diff of two 2,000-line strings would drown the hint.
      expect(committed === generated, `${file} is stale: run \`npm run openapi:types\``).toBe(true);
    },
  );
});
