import { Client, type ConnectConfig, type SFTPWrapper } from 'ssh2';

/**
 * The SFTP port of the mover: one session to a bank's server, its host key pinned (any other key is refused before
 * authentication, so nothing is sent to an impostor), authenticated by our key alone (no password).
 */
export type SftpTarget = { host: string; port: number; hostKey: string; user: string; privateKey: string };

/** A directory entry at the bank; `modifiedAt` in seconds, as SFTP keeps it. */
export type RemoteEntry = { name: string; size: number; modifiedAt: number; isFile: boolean };

export type SftpSession = {
  list(dir: string): Promise<RemoteEntry[]>;
  read(path: string): Promise<Buffer>;
  /** Creates or truncates `path` and writes `data` to it. */
  writeFile(path: string, data: Uint8Array): Promise<void>;
  /** Fails when `to` exists (SFTP's rename), so a file is never replaced at the bank. */
  rename(from: string, to: string): Promise<void>;
  exists(path: string): Promise<boolean>;
  remove(path: string): Promise<void>;
  close(): void;
};

/** The server presented another host key than the pinned one. */
export class HostKeyRefusedError extends Error {}
/** The server refused our key. */
export class SftpAuthenticationError extends Error {}

const HOST_KEY_ALGORITHMS: Record<string, ConnectConfig['algorithms']> = {
  'ssh-ed25519': { serverHostKey: ['ssh-ed25519'] },
  'ecdsa-sha2-nistp256': { serverHostKey: ['ecdsa-sha2-nistp256'] },
  'ecdsa-sha2-nistp384': { serverHostKey: ['ecdsa-sha2-nistp384'] },
  'ecdsa-sha2-nistp521': { serverHostKey: ['ecdsa-sha2-nistp521'] },
  'ssh-rsa': { serverHostKey: ['rsa-sha2-512', 'rsa-sha2-256'] },
};

const call = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));

const NO_SUCH_FILE = 2;

export function openSftp(target: SftpTarget, timeoutMs = 20_000): Promise<SftpSession> {
  const [type = '', blob = ''] = target.hostKey.split(' ');
  const pinned = Buffer.from(blob, 'base64');
  const algorithms = HOST_KEY_ALGORITHMS[type];
  if (!algorithms || pinned.length === 0)
    return Promise.reject(new Error('The pinned host key is not a known key type'));
  const client = new Client();
  let refusedKey = false;
  return new Promise<SftpSession>((resolve, reject) => {
    client.on('error', (error: Error & { level?: string }) => {
      client.end();
      if (refusedKey)
        reject(new HostKeyRefusedError(`${target.host}:${target.port} presented a host key other than the pinned one`));
      else if (error.level === 'client-authentication')
        reject(new SftpAuthenticationError(`${target.host}:${target.port} refused our key for ${target.user}`));
      else reject(error);
    });
    client.on('ready', () => {
      client.sftp((error, sftp) => {
        if (error) {
          client.end();
          reject(error);
        } else resolve(session(client, sftp));
      });
    });
    client.connect({
      host: target.host,
      port: target.port,
      username: target.user,
      privateKey: target.privateKey,
      algorithms,
      readyTimeout: timeoutMs,
      hostVerifier: (key: Buffer) => {
        refusedKey = !key.equals(pinned);
        return !refusedKey;
      },
    });
  });
}

function session(client: Client, sftp: SFTPWrapper): SftpSession {
  return {
    list: async (dir) => {
      const entries = await call<{ filename: string; attrs: { size: number; mtime?: number; isFile(): boolean } }[]>(
        (done) => sftp.readdir(dir, done),
      );
      return entries.map((entry) => ({
        name: entry.filename,
        size: entry.attrs.size,
        // A server that keeps no time gives none: such a report is read and hashed every run.
        modifiedAt: entry.attrs.mtime ?? -1,
        isFile: entry.attrs.isFile(),
      }));
    },
    read: (path) => call<Buffer>((done) => sftp.readFile(path, done)),
    writeFile: (path, data) => call<void>((done) => sftp.writeFile(path, Buffer.from(data), done)),
    rename: (from, to) => call<void>((done) => sftp.rename(from, to, done)),
    exists: async (path) => {
      try {
        await call((done) => sftp.stat(path, done));
        return true;
      } catch (error) {
        if ((error as { code?: number }).code === NO_SUCH_FILE) return false;
        throw error;
      }
    },
    remove: (path) => call<void>((done) => sftp.unlink(path, done)),
    close: () => client.end(),
  };
}
