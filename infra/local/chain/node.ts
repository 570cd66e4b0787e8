import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnGuarded } from '#infra/local/guardian.ts';
import { onFreePort, PortTakenError, saysPortTaken } from '#infra/local/ports.ts';

export type LocalNode = { rpcUrl: string; stop: () => Promise<void>; exited: Promise<number | null> };

const HARDHAT_CONFIG = join(dirname(fileURLToPath(import.meta.url)), 'hardhat.config.cjs');

/** Hardhat 2's command line, run by this Node (Hardhat 3 needs Node 22). */
const hardhatCli = () =>
  join(dirname(createRequire(import.meta.url).resolve('hardhat/package.json')), 'internal/cli/bootstrap.js');

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts a Hardhat Network node (EDR, in memory: a new chain at every start) on loopback under the guardian, and
 * resolves once it answers JSON-RPC. `blockMs` mines an empty block that often (0: transactions only).
 */
export function startLocalNode(options: { port?: number; blockMs?: number } = {}): Promise<LocalNode> {
  return onFreePort(options.port, (port) => startOn(port, options.blockMs));
}

async function startOn(port: number, blockMs: number | undefined): Promise<LocalNode> {
  const args = [hardhatCli(), '--config', HARDHAT_CONFIG, 'node', '--hostname', '127.0.0.1', '--port', String(port)];
  const env = {
    ...process.env,
    HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
    LOCAL_CHAIN_BLOCK_MS: String(blockMs ?? 1000),
  };
  const guarded = spawnGuarded(process.execPath, args, env);
  const rpcUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => guarded.process.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!(await answers(rpcUrl))) {
    if (guarded.process.exitCode !== null) {
      const message = `The local chain exited during start:\n${guarded.output()}`;
      throw saysPortTaken(guarded.output()) ? new PortTakenError(message) : new Error(message);
    }
    if (Date.now() > deadline) {
      await guarded.stop();
      throw new Error(`The local chain did not start within 30 s:\n${guarded.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { rpcUrl, stop: guarded.stop, exited };
}
