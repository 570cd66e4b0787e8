import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Abi, createWalletClient, type Hex, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const SOURCE_PATH = join(dirname(fileURLToPath(import.meta.url)), 'test-usdc.sol');

export type Compiled = { abi: Abi; bytecode: Hex };

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

/**
 * The project's own USDC test token, compiled in process by solc-js (no compiler download). The result is kept in
 * `cacheDir` under the hash of the source and the compiler version, so a start after the first skips the ~2 s.
 */
export function compileTestUsdc(cacheDir: string): Compiled {
  return compileSolidity(SOURCE_PATH, 'TestUsdc', cacheDir);
}

/** One contract of a Solidity source file, compiled by solc-js and cached like the USDC test token. */
export function compileSolidity(sourcePath: string, contractName: string, cacheDir: string): Compiled {
  const source = readFileSync(sourcePath, 'utf8');
  const file = basename(sourcePath);
  const solc = createRequire(import.meta.url)('solc') as { version: () => string; compile: (input: string) => string };
  const digest = createHash('sha256').update(solc.version()).update(source).digest('hex').slice(0, 16);
  const cached = join(cacheDir, `${file.replace(/\.sol$/, '')}-${contractName}-${digest}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as Compiled;
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0)
    throw new Error(`${file} does not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts[file]?.[contractName];
  if (!contract) throw new Error(`solc returned no ${contractName}`);
  const compiled: Compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, JSON.stringify(compiled));
  return compiled;
}

/** A client that signs with `privateKey` on the node at `rpcUrl` (any chain id: asked of the node). */
export async function signer(rpcUrl: string, privateKey: Hex) {
  const transport = http(rpcUrl);
  const probe = createWalletClient({ transport }).extend(publicActions);
  const id = await probe.getChainId();
  const chain = {
    id,
    name: `local-${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const;
  return createWalletClient({ account: privateKeyToAccount(privateKey), chain, transport }).extend(publicActions);
}

export type Signer = Awaited<ReturnType<typeof signer>>;

const RECEIPT = { pollingInterval: 50, timeout: 15_000 } as const;

/** Deploys a TestUsdc named `name` / `symbol` from `owner` and resolves with its address once mined. */
export async function deployTestUsdc(owner: Signer, compiled: Compiled, name: string, symbol: string): Promise<Hex> {
  const hash = await owner.deployContract({ abi: compiled.abi, bytecode: compiled.bytecode, args: [name, symbol] });
  const receipt = await owner.waitForTransactionReceipt({ hash, ...RECEIPT });
  if (!receipt.contractAddress) throw new Error(`deploying ${symbol} created no contract`);
  return receipt.contractAddress;
}

/** Mints `value` (smallest unit) of the token to `to`; only the token's owner may. */
export async function mintTestUsdc(owner: Signer, compiled: Compiled, token: Hex, to: Hex, value: bigint) {
  const hash = await owner.writeContract({
    address: token,
    abi: compiled.abi,
    functionName: 'mint',
    args: [to, value],
  });
  await owner.waitForTransactionReceipt({ hash, ...RECEIPT });
}

/** Sends `value` of the token from the signer to `to`; resolves with the mined receipt. */
export async function transferTestUsdc(from: Signer, compiled: Compiled, token: Hex, to: string, value: bigint) {
  const hash = await from.writeContract({
    address: token,
    abi: compiled.abi,
    functionName: 'transfer',
    args: [to, value],
  });
  return from.waitForTransactionReceipt({ hash, ...RECEIPT });
}
