import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Runs a command under a tiny sh guardian in its own process group: a Ctrl-C in the terminal reaches only us
 * (we stop the child after the HTTP server), and if we die without stopping it, even by SIGKILL, the guardian
 * notices within a second and stops it, so nothing is ever left running behind us.
 */
const GUARDIAN = [
  'parent=$1; shift',
  '"$@" & child=$!',
  "trap 'kill -TERM $child 2>/dev/null; wait $child; exit 0' TERM INT",
  'while kill -0 "$parent" 2>/dev/null && kill -0 "$child" 2>/dev/null; do sleep 1; done',
  'kill -TERM $child 2>/dev/null; wait $child',
].join('\n');

export type Guarded = {
  process: ChildProcess;
  /** The last 4,000 characters the child wrote, for error messages. */
  output: () => string;
  /** Stops the child (SIGTERM to the guardian, SIGKILL after 5 s) and resolves once it exited. */
  stop: () => Promise<void>;
};

export function spawnGuarded(command: string, args: readonly string[], env?: NodeJS.ProcessEnv): Guarded {
  const child = spawn('sh', ['-c', GUARDIAN, 'guardian', String(process.pid), command, ...args], {
    stdio: 'pipe',
    detached: true,
    ...(env ? { env } : {}),
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  return { process: child, output: () => output, stop };
}
