import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '#infra/openapi/api-types.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

describe('the committed API types', () => {
  it('are what the current route table and schemas generate (else: npm run openapi:types)', async () => {
    const committed = readFileSync(join(REPO_ROOT, API_TYPES_FILE), 'utf8');

    const generated = await generateApiTypes();

    // A plain equality check: a diff of two 2,000-line strings would drown the hint.
    expect(committed === generated, `${API_TYPES_FILE} is stale: run \`npm run openapi:types\``).toBe(true);
  });
});
