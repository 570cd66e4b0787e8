import { jsonVariable, setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import { ChainSchema, HexAddressSchema } from '#shared/money/chains.ts';
import * as z from '#shared/validation/zod.ts';

/** A chain's deposit forwarder factory and the implementation it clones. */
const Forwarder = { factory: HexAddressSchema, implementation: HexAddressSchema };

/** Deposit forwarders (shared/custody/README.md), with the deposit details (`deposits.forwarders`). */
export const ForwarderSettings = {
  forwarders: setting(
    'DEPOSIT_FORWARDERS',
    jsonVariable(z.partialRecord(ChainSchema, z.object(Forwarder)), {}),
    SETTINGS_ABOUT && {
      description:
        'JSON per chain `{"base":{"factory":"0x...","implementation":"0x..."}}`: the deposit forwarder factory and the implementation it clones. On a chain listed here, a new bank deposit wallet of an organization with a treasury there is a forwarder address; elsewhere it is derived from DEPOSIT_XPUB.',
      unset: 'none',
      deploy: {
        key: 'depositForwarders',
        json: true,
        schema: z.partialRecord(ChainSchema, z.strictObject(Forwarder)),
        note: "A chain listed gets a sweeper function, and the relayer's KMS key is created.",
      },
    },
  ),
};

/** A USDC amount a forwarder must hold before it is swept. */
export const UsdcThresholdSchema = z
  .string()
  .check(z.regex(/^\d{1,12}(\.\d{1,6})?$/, { error: 'must be a USDC amount such as 100 or 0.5' }));

/**
 * A chain's sweeper (one function per chain, shared/custody/sweep-chain.ts). The relayer's key is a KMS key (only its
 * id here); the RPC URL is read as the watcher's (an SSM SecureString parameter in AWS, the URL itself locally).
 */
export const ChainSweepSettings = {
  chain: setting(
    'SWEEP_CHAIN',
    ChainSchema,
    SETTINGS_ABOUT && {
      description: 'The chain swept.',
    },
  ),
  usdcAddress: setting(
    'SWEEP_USDC_ADDRESS',
    HexAddressSchema,
    SETTINGS_ABOUT && {
      description: 'The USDC token on that chain.',
    },
  ),
  thresholdUsdc: setting(
    'SWEEP_THRESHOLD_USDC',
    z.prefault(UsdcThresholdSchema, '100'),
    SETTINGS_ABOUT && {
      description: 'A forwarder holding less USDC than this waits for more: gas is paid per address.',
      deploy: { key: 'sweepThresholdUsdc', to: 'ChainSweeper' },
    },
  ),
  batchSize: setting(
    'SWEEP_BATCH_SIZE',
    z.prefault(z.coerce.number().check(z.int(), z.gte(1), z.lte(40)), 20),
    SETTINGS_ABOUT && {
      description:
        'Forwarders per sweep transaction (each adds a deploy and a transfer, and table items to its record).',
    },
  ),
  kmsKeyId: setting(
    'SWEEP_KMS_KEY_ID',
    z.string().check(z.minLength(1)),
    SETTINGS_ABOUT && {
      description: "The relayer's KMS key.",
    },
  ),
  kmsEndpoint: setting(
    'KMS_ENDPOINT',
    z.optional(z.url()),
    SETTINGS_ABOUT && {
      description: 'Locally: the KMS stand-in; unset in AWS.',
    },
  ),
  rpcUrl: setting(
    'SWEEP_RPC_URL',
    z.optional(z.url()),
    SETTINGS_ABOUT && {
      description: 'Locally: the node URL itself. Exactly one of this and SWEEP_RPC_URL_PARAMETER is set.',
    },
  ),
  rpcUrlParameter: setting(
    'SWEEP_RPC_URL_PARAMETER',
    z.optional(z.string().check(z.minLength(1))),
    SETTINGS_ABOUT && {
      description: 'AWS: the SSM SecureString parameter holding the node URL.',
    },
  ),
};
