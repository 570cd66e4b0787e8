import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';

/**
 * A real OpenSSH server (Debian's `openssh-server`) on a free loopback port, as a bank's host-to-host endpoint: one
 * SFTP-only user (`ForceCommand internal-sftp`) chrooted to a jail with `upload/` and `download/`, a fresh ed25519
 * host key, and our client key authorized. Runs as root (the chroot must be root-owned all the way up, so the jail
 * is under `/var/lib/payouts-sftp-test/`, not the world-writable `/tmp`); the SFTP user is a system account created
 * when missing, with no password and no shell. Started as a process of its own and stopped by its pid.
 */
export type OpenSshServer = {
  host: string;
  port: number;
  user: string;
  /** The host key as a known_hosts line keeps it: what a payout account pins. */
  hostKey: string;
  /** A host key of another server: pinning it must refuse this one. */
  otherHostKey: string;
  /** Our client key (OpenSSH format), authorized on the server. */
  clientKey: string;
  /** A key the server does not know. */
  unknownClientKey: string;
  /** The jail's folders on this machine: what the bank sees and what it leaves for us. */
  uploadDir: string;
  downloadDir: string;
  /** A pair of folders of their own (`/upload/<name>`, `/download/<name>`): as the server and this machine name them. */
  folders(name: string): { upload: string; download: string; uploadPath: string; downloadPath: string };
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Removes the jail and the keys. */
  dispose(): Promise<void>;
};

export const SFTP_TEST_USER = 'payouts-sftp';
const BASE = '/var/lib/payouts-sftp-test';
const SSHD = '/usr/sbin/sshd';

function ensureUser() {
  try {
    execFileSync('getent', ['passwd', SFTP_TEST_USER], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', [
      '--system',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      SFTP_TEST_USER,
    ]);
  }
  // sshd refuses a locked account (`!` in the shadow file) without PAM: `*` is "no password", not locked.
  execFileSync('usermod', ['-p', '*', SFTP_TEST_USER]);
  return {
    uid: Number(execFileSync('id', ['-u', SFTP_TEST_USER]).toString()),
    gid: Number(execFileSync('id', ['-g', SFTP_TEST_USER]).toString()),
  };
}

function keyPair(path: string) {
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', '', '-f', path]);
  const [type, blob] = readFileSync(`${path}.pub`, 'utf8').trim().split(/\s+/);
  return { privateKey: readFileSync(path, 'utf8'), publicLine: `${type} ${blob}` };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Resolves once the server greets with its SSH banner. */
function greeted(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('SSH-2.0-'));
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startOpenSshServer(): Promise<OpenSshServer> {
  const { uid, gid } = ensureUser();
  mkdirSync(BASE, { recursive: true, mode: 0o755 });
  chmodSync(BASE, 0o755);
  mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const root = mkdtempSync(join(BASE, 'server-'));
  chmodSync(root, 0o755);
  const keys = join(root, 'keys');
  mkdirSync(keys, { mode: 0o700 });
  const jail = join(root, 'jail');
  mkdirSync(jail, { mode: 0o755 });
  const uploadDir = join(jail, 'upload');
  const downloadDir = join(jail, 'download');
  for (const dir of [uploadDir, downloadDir]) {
    mkdirSync(dir, { mode: 0o755 });
    chownSync(dir, uid, gid);
  }
  const host = keyPair(join(keys, 'ssh_host_ed25519_key'));
  const other = keyPair(join(keys, 'other_host_key'));
  const client = keyPair(join(keys, 'client'));
  const unknown = keyPair(join(keys, 'unknown'));
  writeFileSync(join(root, 'authorized_keys'), `${client.publicLine}\n`, { mode: 0o644 });
  const port = await freePort();
  const config = join(root, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(keys, 'ssh_host_ed25519_key')}`,
      `PidFile ${join(root, 'sshd.pid')}`,
      `AuthorizedKeysFile ${join(root, 'authorized_keys')}`,
      'PubkeyAuthentication yes',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'PermitRootLogin no',
      `AllowUsers ${SFTP_TEST_USER}`,
      'Subsystem sftp internal-sftp',
      'ForceCommand internal-sftp',
      `ChrootDirectory ${jail}`,
      'AllowTcpForwarding no',
      'X11Forwarding no',
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  let process: ChildProcess | undefined;
  const start = async () => {
    if (process) return;
    const started = spawn(SSHD, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    started.stderr?.on('data', (data) => {
      errors += data.toString();
    });
    process = started;
    for (let attempt = 0; attempt < 200; attempt++) {
      if (started.exitCode !== null) throw new Error(`sshd exited ${started.exitCode}: ${errors}`);
      if (await greeted(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`sshd did not answer on ${port}: ${errors}`);
  };
  const stop = async () => {
    const running = process;
    process = undefined;
    if (!running?.pid || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    host: '127.0.0.1',
    port,
    user: SFTP_TEST_USER,
    hostKey: host.publicLine,
    otherHostKey: other.publicLine,
    clientKey: client.privateKey,
    unknownClientKey: unknown.privateKey,
    uploadDir,
    downloadDir,
    folders: (name) => {
      for (const dir of [join(uploadDir, name), join(downloadDir, name)]) {
        mkdirSync(dir, { mode: 0o755 });
        chownSync(dir, uid, gid);
      }
      return {
        upload: `/upload/${name}`,
        download: `/download/${name}`,
        uploadPath: join(uploadDir, name),
        downloadPath: join(downloadDir, name),
      };
    },
    start,
    stop,
    dispose: async () => {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
