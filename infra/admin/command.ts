import { join, resolve } from 'node:path';
import type { ParseArgsConfig, parseArgs } from 'node:util';
import { type Config, parseConfig } from '#shared/config/env.ts';
import type { Db } from '#shared/db/client.ts';

/** The flags a command takes, as `node:util` `parseArgs` options (strict: any other flag is a usage error). */
export type Flags = NonNullable<ParseArgsConfig['options']>;

type Parsed<F extends Flags> = ReturnType<
  typeof parseArgs<{ args: string[]; options: F; allowPositionals: true; strict: true }>
>;

/** What a command may use besides its arguments: the connection, made on first use, and the configuration. */
export type CommandContext = {
  db: () => Db;
  /** The service configuration for the use cases that need one (read again at each call): see `configWith`. */
  config: () => Config;
};

/**
 * One operator command (`npm run admin -- <area> <action> ...`): its name, its usage (the text after the name, its
 * continuation lines indented from the end of the name), a short note the usage shows beside it, the flags it takes
 * and what it does. The CLI prints what `run` returns, as JSON.
 */
export type AdminCommand<F extends Flags = Flags> = {
  /** `<area> <action>`, or one word for a command of the whole deployment (`doctor`). */
  name: string;
  usage: string | readonly string[];
  note?: string;
  flags: F;
  // A method, so that a command of any flags is an `AdminCommand` in the registry.
  run(args: { values: Parsed<F>['values']; positionals: string[] }, context: CommandContext): Promise<unknown>;
};

/** Declares a command; the flags' names and types reach `run` as parsed. */
export const adminCommand = <const F extends Flags>(command: AdminCommand<F>): AdminCommand<F> => command;

export const contextOf = (db: () => Db): CommandContext => ({ db, config: () => configWith(db()) });

/**
 * The service configuration for use cases the CLI runs: the connection is the CLI's own; the environment supplies
 * only the settings of the area (the withdrawals' settlement delay, the virtual account issuer).
 */
const configWith = (db: Db) =>
  parseConfig({
    ...process.env,
    MAIL_DIR: process.env.MAIL_DIR ?? localMailDir(),
    TABLE_NAME: db.tableName,
    DYNAMODB_ENDPOINT: undefined,
  });

/** Against the local runtime (no TABLE_NAME), invitations are written where `npm start` writes them. */
const localMailDir = () =>
  process.env.TABLE_NAME ? undefined : join(resolve(process.env.DATA_DIR ?? '.data'), 'mail');
