import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The bank channel: where payment files are left for the bank and where its reports arrive. Uploading to the bank
 * (EBICS, SFTP) is the channel's own job and stays outside this service; the service only writes the outbox and
 * reads the inbox. Four places, as prefixes of one S3 bucket in AWS and folders of `DATA_DIR/bank/` locally:
 *
 * - `outbox/`: payment files (pain.001), one per batch, named `<messageId>.xml`; writing the same name again writes
 *   the same content (the batcher's recovery after a crash), so the bank never sees two versions of a file;
 * - `inbox/`: reports from the bank (pain.002, camt.054), processed then moved on;
 * - `processed/`: applied reports, kept;
 * - `quarantine/`: reports that could not be applied, with `<name>.error.txt` beside each.
 */
export type BankChannel = {
  writeOutbox(name: string, body: string): Promise<void>;
  readOutbox(name: string): Promise<string | undefined>;
  listOutbox(): Promise<string[]>;
  writeInbox(name: string, body: string): Promise<void>;
  /** Reports waiting in the inbox, oldest name first. */
  listInbox(): Promise<string[]>;
  readInbox(name: string): Promise<string | undefined>;
  /** An applied report leaves the inbox for `processed/`. */
  archive(name: string): Promise<void>;
  /** A report that cannot be applied leaves the inbox for `quarantine/`, with the error beside it. */
  quarantine(name: string, error: string): Promise<void>;
  listQuarantine(): Promise<string[]>;
};

export const CHANNEL_PLACES = ['outbox', 'inbox', 'processed', 'quarantine'] as const;

/** Names are the channel's file names only: no folders, nothing hidden. */
export function assertFileName(name: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(name)) throw new Error(`Not a bank channel file name: ${name}`);
}

const TEMPORARY = '.tmp-';

/** The local stand-in for the bucket: folders, each file written whole (a temporary file renamed into place). */
export function folderChannel(root: string): BankChannel {
  const place = (name: (typeof CHANNEL_PLACES)[number]) => join(root, name);
  const write = async (folder: string, name: string, body: string) => {
    assertFileName(name);
    await mkdir(folder, { recursive: true });
    const temporary = join(folder, `${TEMPORARY}${process.pid}-${Math.random().toString(36).slice(2)}`);
    await writeFile(temporary, body, 'utf8');
    await rename(temporary, join(folder, name));
  };
  const read = async (folder: string, name: string) => {
    assertFileName(name);
    try {
      return await readFile(join(folder, name), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  const list = async (folder: string) => {
    try {
      return (await readdir(folder)).filter((name) => !name.startsWith('.')).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  const move = async (name: string, to: string) => {
    assertFileName(name);
    await mkdir(to, { recursive: true });
    try {
      await rename(join(place('inbox'), name), join(to, name));
    } catch (error) {
      // Moved by a concurrent run already: nothing left to do.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  return {
    writeOutbox: (name, body) => write(place('outbox'), name, body),
    readOutbox: (name) => read(place('outbox'), name),
    listOutbox: () => list(place('outbox')),
    writeInbox: (name, body) => write(place('inbox'), name, body),
    listInbox: () => list(place('inbox')),
    readInbox: (name) => read(place('inbox'), name),
    archive: (name) => move(name, place('processed')),
    quarantine: async (name, error) => {
      await write(place('quarantine'), `${name}.error.txt`, `${error}\n`);
      await move(name, place('quarantine'));
    },
    listQuarantine: async () => (await list(place('quarantine'))).filter((name) => !name.endsWith('.error.txt')),
  };
}
