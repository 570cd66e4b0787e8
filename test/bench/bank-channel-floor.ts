import { posix } from 'node:path';
import { Client, type SFTPWrapper } from 'ssh2';

/**
 * The floor of the SFTP channel (decision 0024): the same bytes over the same kind of connection to the same
 * OpenSSH server, with ssh2 alone: no PGP, no table, no bucket, no `.part` and rename, no host-key pinning.
 */
export type FloorTarget = { host: string; port: number; user: string; privateKey: string };

const call = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

async function connect(target: FloorTarget): Promise<{ sftp: SFTPWrapper; close: () => void }> {
  const client = new Client();
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => resolve());
    client.once('error', reject);
    client.connect({ host: target.host, port: target.port, username: target.user, privateKey: target.privateKey });
  });
  const sftp = await call<SFTPWrapper>((done) => client.sftp(done));
  return { sftp, close: () => client.end() };
}

/** Milliseconds to open a connection, write `files` (name, bytes) into `folder` one after the other, and close it. */
export async function uploadFloor(target: FloorTarget, folder: string, files: [string, Buffer][]): Promise<number> {
  const started = performance.now();
  const { sftp, close } = await connect(target);
  try {
    for (const [name, bytes] of files)
      await call<void>((done) => sftp.writeFile(posix.join(folder, name), bytes, done));
  } finally {
    close();
  }
  return performance.now() - started;
}

/** Milliseconds to open a connection, list `folder`, read every file in it, and close it; and the bytes read. */
export async function downloadFloor(target: FloorTarget, folder: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const { sftp, close } = await connect(target);
  let bytes = 0;
  try {
    const entries = await call<{ filename: string; attrs: { isFile(): boolean } }[]>((done) =>
      sftp.readdir(folder, done),
    );
    for (const entry of entries.filter((e) => e.attrs.isFile())) {
      bytes += (await call<Buffer>((done) => sftp.readFile(posix.join(folder, entry.filename), done))).length;
    }
  } finally {
    close();
  }
  return { ms: performance.now() - started, bytes };
}
