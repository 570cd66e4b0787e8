import { extendedPublicKeyProblem } from '#shared/config/extended-public-key.ts';
import { PLATFORM_DEFAULTS, ReceivingBanksSchema, VirtualAccountIssuerSchema } from '#shared/config/receiving-banks.ts';
import { contextJson, jsonVariable, setting } from '#shared/config/setting.ts';
import {
  ChainSchema,
  DEFAULT_SUPPORTED_CHAINS,
  HexAddressSchema,
  SupportedChainsSchema,
} from '#shared/money/chains.ts';
import * as z from '#shared/validation/zod.ts';

/** An extended public key (`xpub...`); anything else, an extended private key above all, is refused. */
export const DepositXpubSchema = z.string().check(
  z.trim(),
  z.superRefine((value, ctx) => {
    const problem = extendedPublicKeyProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
  }),
);

/** A development chain: where it answers, its USDC test token, and a funded development key (never real funds). */
export const SandboxChainSchema = z.object({
  chain: ChainSchema,
  chainId: z.number().check(z.int(), z.gte(1)),
  rpcUrl: z.url(),
  usdcAddress: HexAddressSchema,
  fundedPrivateKey: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be 0x followed by 64 hex digits' })),
});
export type SandboxChain = z.infer<typeof SandboxChainSchema>;

/** Deposit wallets (fields at the configuration's root). */
export const DepositWalletSettings = {
  depositXpub: setting({
    variable: 'DEPOSIT_XPUB',
    schema: z.optional(DepositXpubSchema),
    description:
      'The extended public key bank deposit addresses are derived from. Functions that never derive start without it (creating a bank then fails loudly); a malformed or private key fails every cold start, and synth.',
    deploy: { key: 'depositXpub', note: 'Or `depositXpubParameter`, not both.' },
  }),
  supportedChains: setting({
    variable: 'SUPPORTED_CHAINS',
    schema: SupportedChainsSchema,
    default: DEFAULT_SUPPORTED_CHAINS.join(','),
    description: 'The chains deposit wallets are on, comma-separated; in AWS, one chain watcher each.',
    deploy: {
      key: 'supportedChains',
      schema: z
        .string()
        .check(
          z.refine(
            (value) => SupportedChainsSchema.safeParse(value).success,
            'Must be known chains, comma-separated, each once',
          ),
        ),
    },
  }),
};

/** Deposit details: the accounts customers pay fiat into, and the development chains of sandbox deposits. */
export const DepositSettings = {
  receivingBanks: setting({
    variable: 'RECEIVING_BANKS',
    schema: jsonVariable(ReceivingBanksSchema, {}),
    unset: 'sandbox placeholders',
    description:
      'JSON `{"EUR":{accountName, iban, bic, bankName, ...},"USD":{accountName, accountNumber, routingNumber, bic, bankName, ...}}`: the platform EUR receiving account and the shared USD reference account (FEDWIRE and SWIFT) quoted in deposit details; either may be left out.',
    deploy: { key: 'receivingBanks', schema: contextJson(ReceivingBanksSchema) },
  }),
  virtualAccountIssuer: setting({
    variable: 'VIRTUAL_ACCOUNT_ISSUER',
    schema: jsonVariable(VirtualAccountIssuerSchema, PLATFORM_DEFAULTS.virtualAccounts),
    unset: 'a sandbox placeholder',
    description: 'JSON `{bic, sortCode, bankName, bankAddress?}`: the issuer of dedicated USD virtual accounts.',
    deploy: { key: 'virtualAccountIssuer', schema: contextJson(VirtualAccountIssuerSchema) },
  }),
  sandboxChains: setting({
    variable: 'SANDBOX_CHAINS',
    schema: jsonVariable(z.array(SandboxChainSchema), []),
    unset: 'none',
    description:
      'JSON: the development chains the sandbox deposit route makes real token transfers on (`npm start` sets what `local.json` lists); unset, sandbox deposits are reported without a chain.',
  }),
};

/**
 * A chain watcher's settings (one function per chain, shared/deposits/watch-chain.ts). The RPC URL is a secret (it
 * carries the provider's key): in AWS the function gets the name of an SSM SecureString parameter and reads it at cold
 * start; locally the URL itself. The CDK app sets them per chain (`chainWatchers`, infra/aws/chain-watchers.ts).
 */
export const ChainWatchSettings = {
  chain: setting({ variable: 'WATCH_CHAIN', schema: ChainSchema, description: 'The chain watched.' }),
  usdcAddress: setting({
    variable: 'WATCH_USDC_ADDRESS',
    schema: HexAddressSchema,
    description: 'The USDC token on that chain.',
  }),
  usdcDecimals: setting({
    variable: 'WATCH_USDC_DECIMALS',
    schema: z.coerce.number().check(z.int(), z.gte(0), z.lte(36)),
    default: 6,
    description: 'The token decimals.',
  }),
  confirmations: setting({
    variable: 'WATCH_CONFIRMATIONS',
    schema: z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000)),
    description: 'Blocks a transfer must be under before it is credited: the watcher reads up to head minus this.',
  }),
  startBlock: setting({
    variable: 'WATCH_START_BLOCK',
    schema: z.coerce.bigint().check(z.gte(0n)),
    default: 0n,
    description: 'Where a chain without a cursor starts reading (the block the deployment went live, say).',
  }),
  blocksPerRun: setting({
    variable: 'WATCH_BLOCKS_PER_RUN',
    schema: z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)),
    default: 5_000,
    description: 'Blocks one run reads at most; the next run carries on.',
  }),
  blocksPerRequest: setting({
    variable: 'WATCH_BLOCKS_PER_REQUEST',
    schema: z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)),
    default: 500,
    description: 'Blocks per `eth_getLogs` request.',
  }),
  rpcUrl: setting({
    variable: 'WATCH_RPC_URL',
    schema: z.optional(z.url()),
    description: 'Locally: the node URL itself. Exactly one of this and WATCH_RPC_URL_PARAMETER is set.',
  }),
  rpcUrlParameter: setting({
    variable: 'WATCH_RPC_URL_PARAMETER',
    schema: z.optional(z.string().check(z.minLength(1))),
    description: 'AWS: the SSM SecureString parameter holding the node URL.',
  }),
};
