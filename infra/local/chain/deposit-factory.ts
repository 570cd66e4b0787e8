import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Abi, Hex } from 'viem';
import type { Compiled, Signer } from '#infra/local/chain/test-usdc.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';
import type { ForwarderFactory } from '#shared/wallets/forwarder-address.ts';

/** The deposit contracts' sources (`shared/custody/contracts/`), read by the compiler under these names. */
const CONTRACTS_DIR = join(REPO_ROOT, 'shared', 'custody', 'contracts');
const SOURCES = ['DepositForwarder.sol', 'DepositForwarderFactory.sol'] as const;

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

/** OpenZeppelin's sources come from the installed package; nothing is downloaded. */
function findImport(path: string): { contents: string } | { error: string } {
  const file = path.startsWith('@openzeppelin/') ? join(REPO_ROOT, 'node_modules', path) : join(CONTRACTS_DIR, path);
  return existsSync(file) ? { contents: readFileSync(file, 'utf8') } : { error: `not found: ${path}` };
}

/**
 * The factory (with the forwarder it deploys in its constructor) compiled by solc-js, cached in `cacheDir` under
 * the hash of the compiler version, the sources and OpenZeppelin's version.
 */
export function compileDepositFactory(cacheDir: string): Compiled {
  const solc = createRequire(import.meta.url)('solc') as {
    version: () => string;
    compile: (input: string, options: { import: typeof findImport }) => string;
  };
  const openZeppelin = readFileSync(join(REPO_ROOT, 'node_modules/@openzeppelin/contracts/package.json'), 'utf8');
  const sources = Object.fromEntries(
    SOURCES.map((file) => [file, { content: readFileSync(join(CONTRACTS_DIR, file), 'utf8') }]),
  );
  const digest = createHash('sha256')
    .update(solc.version())
    .update(JSON.stringify(sources))
    .update(openZeppelin)
    .digest('hex')
    .slice(0, 16);
  const cached = join(cacheDir, `DepositForwarderFactory-${digest}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as Compiled;
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0)
    throw new Error(`the deposit contracts do not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts['DepositForwarderFactory.sol']?.DepositForwarderFactory;
  if (!contract) throw new Error('solc returned no DepositForwarderFactory');
  const compiled: Compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, JSON.stringify(compiled));
  return compiled;
}

/**
 * Deploys a deposit forwarder factory from `admin` (who may later replace the sweeper) with `sweeper` as the only
 * account allowed to flush; resolves with the factory's and its implementation's addresses once mined.
 */
export async function deployDepositFactory(admin: Signer, compiled: Compiled, sweeper: Hex): Promise<ForwarderFactory> {
  const hash = await admin.deployContract({ abi: compiled.abi, bytecode: compiled.bytecode, args: [sweeper] });
  const receipt = await admin.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 15_000 });
  const factory = receipt.contractAddress;
  if (!factory) throw new Error('deploying DepositForwarderFactory created no contract');
  const implementation = (await admin.readContract({
    address: factory,
    abi: compiled.abi,
    functionName: 'implementation',
  })) as Hex;
  return { factory, implementation };
}
