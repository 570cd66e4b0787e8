import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AdminCommand } from '#infra/admin/command.ts';
import { COMMANDS, USAGE } from '#infra/admin/registry.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';

/**
 * The admin CLI knows only the commands its registry lists, and its usage is drawn from them: a command file left
 * out of the registry is a command nobody can run, and one without usage is a command nobody can find.
 */
const COMMANDS_DIR = join(REPO_ROOT, 'infra/admin/commands');

const commandFiles = () =>
  readdirSync(COMMANDS_DIR, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(COMMANDS_DIR, join(entry.parentPath, entry.name)))
    .sort();

/** `withdrawal verify-signatures` lives in `withdrawal/verify-signatures.ts`. */
const fileOf = (command: AdminCommand) => `${command.name.replace(' ', '/')}.ts`;

describe('the admin CLI commands', () => {
  it('registers every command file, each exporting registered commands only', async () => {
    const files = commandFiles();
    expect(files.length).toBeGreaterThanOrEqual(COMMANDS.length);
    const unregistered: string[] = [];
    for (const file of files) {
      const exported = Object.values(await import(pathToFileURL(join(COMMANDS_DIR, file)).href));
      if (!exported.length) unregistered.push(`${file}: exports no command`);
      for (const value of exported) {
        if (!COMMANDS.includes(value as AdminCommand)) unregistered.push(`${file}: not in the registry`);
      }
    }
    expect(unregistered).toEqual([]);
  });

  it('keeps each registered command in the file its name gives, once', () => {
    expect(COMMANDS.map(fileOf).sort()).toEqual(commandFiles());
    expect(new Set(COMMANDS.map((command) => command.name)).size).toBe(COMMANDS.length);
  });

  it('lists every registered command in the usage, with its usage text', () => {
    const lines = USAGE.split('\n');
    const missing = COMMANDS.filter((command) => {
      const usage = [command.usage].flat().join(' ').trim();
      return !usage || !lines.some((line) => line.startsWith(`  ${command.name} ${usage.split(' ')[0]}`));
    }).map((command) => command.name);
    expect(COMMANDS.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
