/**
 * The operator CLI (`npm run admin -- <command>`), standing in for the organization dashboard. It talks to
 * the same table as the API and prints JSON. Exit codes: 0 done, 1 failed, 2 usage error. The commands are one file
 * each under commands/, registered in registry.ts; this file only finds the command, parses its flags and reports.
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { contextOf } from '#infra/admin/command.ts';
import { ConnectionError, resolveConnection } from '#infra/admin/connection.ts';
import { UsageError } from '#infra/admin/flags.ts';
import { commandNamed, USAGE } from '#infra/admin/registry.ts';
import { createDb, type Db } from '#shared/db/client.ts';
import { HttpError } from '#shared/errors.ts';
import {
  ApiKeyNotFoundError,
  OrganizationChangedError,
  OrganizationNotFoundError,
} from '#shared/organizations/repository.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export { UsageError } from '#infra/admin/flags.ts';

/** Runs `<area> <action> [args]` with the command of that name (`registry.ts`); resolves what it prints. */
export async function run(argv: string[], db: () => Db): Promise<unknown> {
  const [area, action, ...rest] = argv;
  const name = `${area ?? ''} ${action ?? ''}`.trim();
  const command = commandNamed(name);
  if (!command) throw new UsageError(name ? `unknown command: ${name}` : 'no command given');
  const { values, positionals } = parseArgs({
    args: rest,
    options: command.flags,
    allowPositionals: true,
    strict: true,
  });
  return command.run({ values, positionals }, contextOf(db));
}

async function main() {
  let database: Db | undefined;
  const db = () => {
    if (!database) {
      const connection = resolveConnection(process.env);
      database = createDb({
        tableName: connection.tableName,
        region: connection.region,
        dynamodbEndpoint: connection.dynamodbEndpoint,
      });
    }
    return database;
  };
  try {
    const result = await run(process.argv.slice(2), db);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } catch (error) {
    const usage = error instanceof UsageError || (error instanceof TypeError && 'code' in error);
    const known =
      usage ||
      error instanceof ConnectionError ||
      error instanceof OrganizationNotFoundError ||
      error instanceof OrganizationChangedError ||
      error instanceof ApiKeyNotFoundError ||
      error instanceof HttpError;
    const message = error instanceof Error ? error.message : String(error);
    const refused = (error as { code?: string }).code === 'ECONNREFUSED';
    process.stderr.write(
      `${JSON.stringify({ error: refused ? 'Cannot reach the database: is `npm start` running?' : known ? message : `Failed: ${message}` })}\n`,
    );
    if (usage) process.stderr.write(`\n${USAGE}\n`);
    process.exitCode = usage ? 2 : 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
