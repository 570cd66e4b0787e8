import { extendedPublicKeyProblem } from '#shared/config/extended-public-key.ts';
import { PLATFORM_DEFAULTS, ReceivingBanksSchema, VirtualAccountIssuerSchema } from '#shared/config/receiving-banks.ts';
import { jsonVariable, setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
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
  depositXpub: setting(
    'DEPOSIT_XPUB',
    z.optional(DepositXpubSchema),
    SETTINGS_ABOUT && {
      description:
        'The extended public key bank deposit addresses are derived from. Functions that never derive start without it (creating a bank then fails loudly); a malformed or private key fails every cold start, and synth.',
      deploy: { key: 'depositXpub', note: 'Or `depositXpubParameter`, not both.' },
    },
  ),
  supportedChains: setting(
    'SUPPORTED_CHAINS',
    z.prefault(SupportedChainsSchema, DEFAULT_SUPPORTED_CHAINS.join(',')),
    SETTINGS_ABOUT && {
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
    },
  ),
};

/** Deposit details: the accounts customers pay fiat into, and the development chains of sandbox deposits. */
export const DepositSettings = {
  receivingBanks: setting(
    'RECEIVING_BANKS',
    jsonVariable(ReceivingBanksSchema, {}),
    SETTINGS_ABOUT && {
      description:
        'JSON `{"EUR":{accountName, iban, bic, bankName, ...},"USD":{accountName, accountNumber, routingNumber, bic, bankName, ...}}`: the platform EUR receiving account and the shared USD reference account (FEDWIRE and SWIFT) quoted in deposit details; either may be left out.',
      unset: 'sandbox placeholders',
      deploy: { key: 'receivingBanks', json: true },
    },
  ),
  virtualAccountIssuer: setting(
    'VIRTUAL_ACCOUNT_ISSUER',
    jsonVariable(VirtualAccountIssuerSchema, PLATFORM_DEFAULTS.virtualAccounts),
    SETTINGS_ABOUT && {
      description: 'JSON `{bic, sortCode, bankName, bankAddress?}`: the issuer of dedicated USD virtual accounts.',
      unset: 'a sandbox placeholder',
      deploy: { key: 'virtualAccountIssuer', json: true },
    },
  ),
  sandboxChains: setting(
    'SANDBOX_CHAINS',
    jsonVariable(z.array(SandboxChainSchema), []),
    SETTINGS_ABOUT && {
      description:
        'JSON: the development chains the sandbox deposit route makes real token transfers on (`npm start` sets what `local.json` lists); unset, sandbox deposits are reported without a chain.',
      unset: 'none',
    },
  ),
};

/**
 * A chain watcher's settings (one function per chain, shared/deposits/watch-chain.ts). The RPC URL is a secret (it
 * carries the provider's key): in AWS the function gets the name of an SSM SecureString parameter and reads it at cold
 * start; locally the URL itself. The CDK app sets them per chain (`chainWatchers`, infra/aws/chain-watchers.ts).
 */
export const ChainWatchSettings = {
  chain: setting(
    'WATCH_CHAIN',
    ChainSchema,
    SETTINGS_ABOUT && {
      description: 'The chain watched.',
    },
  ),
  usdcAddress: setting(
    'WATCH_USDC_ADDRESS',
    HexAddressSchema,
    SETTINGS_ABOUT && {
      description: 'The USDC token on that chain.',
    },
  ),
  usdcDecimals: setting(
    'WATCH_USDC_DECIMALS',
    z.prefault(z.coerce.number().check(z.int(), z.gte(0), z.lte(36)), 6),
    SETTINGS_ABOUT && {
      description: 'The token decimals.',
    },
  ),
  confirmations: setting(
    'WATCH_CONFIRMATIONS',
    z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000)),
    SETTINGS_ABOUT && {
      description: 'Blocks a transfer must be under before it is credited: the watcher reads up to head minus this.',
    },
  ),
  startBlock: setting(
    'WATCH_START_BLOCK',
    z.prefault(z.coerce.bigint().check(z.gte(0n)), 0n),
    SETTINGS_ABOUT && {
      description: 'Where a chain without a cursor starts reading (the block the deployment went live, say).',
    },
  ),
  blocksPerRun: setting(
    'WATCH_BLOCKS_PER_RUN',
    z.prefault(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 5_000),
    SETTINGS_ABOUT && {
      description: 'Blocks one run reads at most; the next run carries on.',
    },
  ),
  blocksPerRequest: setting(
    'WATCH_BLOCKS_PER_REQUEST',
    z.prefault(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 500),
    SETTINGS_ABOUT && {
      description: 'Blocks per `eth_getLogs` request.',
    },
  ),
  rpcUrl: setting(
    'WATCH_RPC_URL',
    z.optional(z.url()),
    SETTINGS_ABOUT && {
      description: 'Locally: the node URL itself. Exactly one of this and WATCH_RPC_URL_PARAMETER is set.',
    },
  ),
  rpcUrlParameter: setting(
    'WATCH_RPC_URL_PARAMETER',
    z.optional(z.string().check(z.minLength(1))),
    SETTINGS_ABOUT && {
      description: 'AWS: the SSM SecureString parameter holding the node URL.',
    },
  ),
};
