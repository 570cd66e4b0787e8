import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The bank channel: where payment files are left for the bank and where its reports arrive. Moving them to and from
 * a bank is a mover's job (`shared/bank-transfer/`: SFTP; or the operator's own, reading the bucket); the batcher only
 * writes the outbox and the report applier only reads the inbox. Places, as prefixes of one S3 bucket in AWS and
 * folders of `DATA_DIR/bank/` locally:
 *
 * - `<environment>/<organizationId>/outbox/`: payment files (pain.001, NACHA), one per batch, named
 *   `<messageId>.<ext>`, under the environment and organization they belong to, so the sandbox bank and a live
 *   organization's mover each read their own prefix only; writing the same name again writes the same content (the
 *   batcher's recovery after a crash), so the bank never sees two versions of a file;
 * - `<environment>/<organizationId>/sent/`: payment files a mover has handed to the bank, moved out of the outbox so
 *   its listing holds only what is still to send;
 * - `<environment>/<organizationId>/inbox/`: reports from the bank of that organization (pain.002, camt.054, NACHA
 *   returns): the mover's downloads (`live/`) and the sandbox bank's answers (`sandbox/`); a report there applies to
 *   that organization's payouts of that environment only. `inbox/`: reports of no known origin (an operator's own
 *   mover, a file dropped by hand), each fact checked against its payout's own file; processed then moved on;
 * - `processed/`: applied reports, kept;
 * - `quarantine/`: reports that could not be applied, with `<name>.error.txt` beside each.
 */
export type BankChannel = {
  writeOutbox(scope: ChannelScope, name: string, body: string): Promise<void>;
  readOutbox(scope: ChannelScope, name: string): Promise<string | undefined>;
  listOutbox(scope: ChannelScope): Promise<string[]>;
  /** A file handed to the bank leaves the outbox for `sent/` (a file already gone is not an error). */
  markSent(scope: ChannelScope, name: string): Promise<void>;
  /** Into `scope`'s inbox, or the shared `inbox/` without one; so for every inbox method below. */
  writeInbox(name: string, body: string | Uint8Array, scope?: ChannelScope): Promise<void>;
  /** Every object waiting in the inbox, oldest name first, also those whose name is not a channel name. */
  listInbox(scope?: ChannelScope): Promise<string[]>;
  /** The scopes whose inbox holds something (or did: a folder may be left empty). */
  listInboxScopes(): Promise<ChannelScope[]>;
  /**
   * One inbox object, read only when it is a regular object named as the channel names files and at most `maxBytes`
   * long (its size is checked before anything is read); a symlink is never followed.
   */
  readInbox(name: string, maxBytes: number, scope?: ChannelScope): Promise<InboxRead>;
  /** An applied report leaves the inbox for `processed/`. */
  archive(name: string, scope?: ChannelScope): Promise<void>;
  /**
   * A report that cannot be applied leaves the inbox for `quarantine/`, with the error beside it. An object whose
   * name is not a channel name goes there under a generated one (the original name is in the error file).
   * Returns the name it has in the quarantine.
   */
  quarantine(name: string, error: string, scope?: ChannelScope): Promise<string>;
  /** A report that never entered the inbox (a mover refused it: say, its signature) goes to the quarantine at once. */
  writeQuarantine(name: string, body: string | Uint8Array, error: string): Promise<void>;
  listQuarantine(): Promise<string[]>;
};

/** What reading an inbox object found: the report, or why it cannot be read at all. */
export type InboxRead =
  | { state: 'report'; body: Uint8Array }
  | { state: 'missing' }
  | { state: 'unsafeName' }
  | { state: 'symlink' }
  | { state: 'notAFile' }
  | { state: 'tooLarge'; size: number };

export const CHANNEL_PLACES = ['outbox', 'inbox', 'processed', 'quarantine'] as const;

/** Whose outbox: an environment and one organization of it. */
export type ChannelScope = { environment: 'sandbox' | 'live'; organizationId: string };

const SCOPE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,100}$/;

/** A scope's own prefix (`live/<organizationId>`), refusing an id that could name another place. */
function scopePrefix(scope: ChannelScope): string {
  if (scope.environment !== 'sandbox' && scope.environment !== 'live') throw new Error('Not an environment');
  if (!SCOPE_ID.test(scope.organizationId)) throw new Error(`Not an organization id: ${scope.organizationId}`);
  return `${scope.environment}/${scope.organizationId}`;
}

/** The prefix of a scope's outbox (`live/<organizationId>/outbox`). */
export const outboxPrefix = (scope: ChannelScope) => `${scopePrefix(scope)}/outbox`;

/** The prefix of a scope's files handed to the bank (`live/<organizationId>/sent`). */
export const sentPrefix = (scope: ChannelScope) => `${scopePrefix(scope)}/sent`;

/** The prefix of a scope's inbox (`live/<organizationId>/inbox`), or the shared `inbox` without one. */
export const inboxPrefix = (scope?: ChannelScope) => (scope ? `${scopePrefix(scope)}/inbox` : 'inbox');

/** The scope of an object key under a scoped inbox (`sandbox/<organizationId>/inbox/<name>`), with its name. */
export function scopedInboxKey(key: string): { scope: ChannelScope; name: string } | undefined {
  const match = /^(sandbox|live)\/([A-Za-z0-9][A-Za-z0-9_-]{0,100})\/inbox\/(.+)$/.exec(key);
  if (!match) return undefined;
  const [, environment, organizationId, name] = match as unknown as [string, 'sandbox' | 'live', string, string];
  return { scope: { environment, organizationId }, name };
}

/** An organization id that can name a scope (and nothing else: no `/`, no dot). */
export const isScopeId = (id: string) => SCOPE_ID.test(id);

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export const isFileName = (name: string) => FILE_NAME.test(name);

/** Names are the channel's file names only: no folders, nothing hidden. */
export function assertFileName(name: string): void {
  if (!isFileName(name)) throw new Error(`Not a bank channel file name: ${name}`);
}

/**
 * The quarantine name of an inbox object: its own when it is a channel name, else one derived from it (the same
 * object always gets the same name, so a quarantine repeated after a crash overwrites rather than duplicates).
 */
export const quarantineName = (name: string) =>
  isFileName(name) ? name : `unsafe-name-${createHash('sha256').update(name).digest('hex').slice(0, 24)}`;

/** The error file of a quarantined object; it names the original when the name had to be replaced. */
export const quarantineNote = (name: string, error: string) =>
  isFileName(name) ? `${error}\n` : `${error}\nOriginal name: ${JSON.stringify(name)}\n`;

/** The name a file has while the folder channel writes it, before it is renamed into place: never listed. */
export const TEMPORARY = '.tmp-';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The local stand-in for the bucket: folders, each file written whole (a temporary file renamed into place). */
export function folderChannel(root: string): BankChannel {
  const place = (name: (typeof CHANNEL_PLACES)[number]) => join(root, name);
  const inbox = (scope?: ChannelScope) => join(root, inboxPrefix(scope));
  const write = async (folder: string, name: string, body: string | Uint8Array) => {
    assertFileName(name);
    await mkdir(folder, { recursive: true });
    const temporary = join(folder, `${TEMPORARY}${process.pid}-${Math.random().toString(36).slice(2)}`);
    await writeFile(temporary, body);
    await rename(temporary, join(folder, name));
  };
  const read = async (folder: string, name: string) => {
    assertFileName(name);
    try {
      return await readFile(join(folder, name), 'utf8');
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  };
  const list = async (folder: string) => {
    try {
      // Only the channel's own files being written are left alone; any other name is listed (and quarantined).
      return (await readdir(folder)).filter((name) => !name.startsWith(TEMPORARY)).sort();
    } catch (error) {
      if (missing(error)) return [];
      throw error;
    }
  };
  /** Moves the entry itself (a symlink stays a symlink: `rename` never follows it). */
  const move = async (from: string, name: string, to: string, as: string) => {
    await mkdir(to, { recursive: true });
    try {
      await rename(join(from, name), join(to, as));
    } catch (error) {
      // Moved by a concurrent run already: nothing left to do.
      if (!missing(error)) throw error;
    }
  };
  const readInbox = async (name: string, maxBytes: number, scope?: ChannelScope): Promise<InboxRead> => {
    if (!isFileName(name)) return { state: 'unsafeName' };
    const path = join(inbox(scope), name);
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      // O_NOFOLLOW: a symlink fails to open (ELOOP) instead of being followed to whatever it names.
      handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if (missing(error)) return { state: 'missing' };
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') return { state: 'symlink' };
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) return { state: 'notAFile' };
      if (stats.size > maxBytes) return { state: 'tooLarge', size: stats.size };
      const body = Buffer.alloc(stats.size + 1);
      const { bytesRead } = await handle.read(body, 0, body.length, 0);
      // Grown since it was measured: read no more than the limit allows.
      if (bytesRead > maxBytes) return { state: 'tooLarge', size: bytesRead };
      return { state: 'report', body: body.subarray(0, bytesRead) };
    } finally {
      await handle.close();
    }
  };
  return {
    writeOutbox: (scope, name, body) => write(join(root, outboxPrefix(scope)), name, body),
    readOutbox: (scope, name) => read(join(root, outboxPrefix(scope)), name),
    listOutbox: (scope) => list(join(root, outboxPrefix(scope))),
    markSent: (scope, name) => {
      assertFileName(name);
      return move(join(root, outboxPrefix(scope)), name, join(root, sentPrefix(scope)), name);
    },
    writeInbox: (name, body, scope) => write(inbox(scope), name, body),
    listInbox: (scope) => list(inbox(scope)),
    listInboxScopes: async () => {
      const found: ChannelScope[] = [];
      for (const environment of ['sandbox', 'live'] as const) {
        for (const organizationId of await list(join(root, environment))) {
          if (isScopeId(organizationId)) found.push({ environment, organizationId });
        }
      }
      return found;
    },
    readInbox,
    archive: (name, scope) => {
      assertFileName(name);
      return move(inbox(scope), name, place('processed'), name);
    },
    quarantine: async (name, error, scope) => {
      const as = quarantineName(name);
      await write(place('quarantine'), `${as}.error.txt`, quarantineNote(name, error));
      // A symlink is moved as the link it is, whatever it points to (or if it points nowhere).
      await move(inbox(scope), name, place('quarantine'), as);
      return as;
    },
    writeQuarantine: async (name, body, error) => {
      await write(place('quarantine'), `${name}.error.txt`, quarantineNote(name, error));
      await write(place('quarantine'), name, body);
    },
    listQuarantine: async () => (await list(place('quarantine'))).filter((name) => !name.endsWith('.error.txt')),
  };
}
