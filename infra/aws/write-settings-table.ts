/** `npm run docs:settings`: rewrites the deploy settings table of infra/aws/settings.md from the settings declarations. */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS_README, withSettingsTable } from '#infra/aws/settings-table.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

const path = join(REPO_ROOT, SETTINGS_README);
writeFileSync(path, withSettingsTable(readFileSync(path, 'utf8')));
// Biome pads the table's columns, as `npm run lint` wants them.
execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/@biomejs/biome/bin/biome'), 'format', '--write', path]);
console.log(`wrote the settings table of ${SETTINGS_README}`);
