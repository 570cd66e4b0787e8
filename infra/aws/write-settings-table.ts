/** `npm run docs:settings`: rewrites the deploy settings table of infra/aws/README.md from the settings declarations. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_README, withSettingsTable } from '#infra/aws/settings-table.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

const path = join(REPO_ROOT, SETTINGS_README);
writeFileSync(path, withSettingsTable(readFileSync(path, 'utf8')));
console.log(`wrote the settings table of ${SETTINGS_README}`);
