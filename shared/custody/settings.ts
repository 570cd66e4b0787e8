import { fromJson, jsonVariable, setting } from '#shared/config/setting.ts';
import { ChainSchema, HexAddressSchema } from '#shared/money/chains.ts';
import * as z from '#shared/validation/zod.ts';

/** A chain's deposit forwarder factory and the implementation it clones. */
const Forwarder = { factory: HexAddressSchema, implementation: HexAddressSchema };

/** Deposit forwarders (shared/custody/README.md), with the deposit details (`deposits.forwarders`). */
export const ForwarderSettings = {
  forwarders: setting({
    variable: 'DEPOSIT_FORWARDERS',
    schema: jsonVariable(z.partialRecord(ChainSchema, z.object(Forwarder)), {}),
    unset: 'none',
    description:
      'JSON per chain `{"base":{"factory":"0x...","implementation":"0x..."}}`: the deposit forwarder factory and the implementation it clones. On a chain listed here, a new bank deposit wallet of an organization with a treasury there is a forwarder address; elsewhere it is derived from DEPOSIT_XPUB.',
    deploy: {
      key: 'depositForwarders',
      schema: z.pipe(z.transform(fromJson), z.partialRecord(ChainSchema, z.strictObject(Forwarder))),
      note: "A chain listed gets a sweeper function, and the relayer's KMS key is created.",
    },
  }),
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
  chain: setting({ variable: 'SWEEP_CHAIN', schema: ChainSchema, description: 'The chain swept.' }),
  usdcAddress: setting({
    variable: 'SWEEP_USDC_ADDRESS',
    schema: HexAddressSchema,
    description: 'The USDC token on that chain.',
  }),
  thresholdUsdc: setting({
    variable: 'SWEEP_THRESHOLD_USDC',
    schema: UsdcThresholdSchema,
    default: '100',
    description: 'A forwarder holding less USDC than this waits for more: gas is paid per address.',
    deploy: { key: 'sweepThresholdUsdc', to: 'ChainSweeper' },
  }),
  batchSize: setting({
    variable: 'SWEEP_BATCH_SIZE',
    schema: z.coerce.number().check(z.int(), z.gte(1), z.lte(40)),
    default: 20,
    description: 'Forwarders per sweep transaction (each adds a deploy and a transfer, and table items to its record).',
  }),
  kmsKeyId: setting({
    variable: 'SWEEP_KMS_KEY_ID',
    schema: z.string().check(z.minLength(1)),
    description: "The relayer's KMS key.",
  }),
  kmsEndpoint: setting({
    variable: 'KMS_ENDPOINT',
    schema: z.optional(z.url()),
    description: 'Locally: the KMS stand-in; unset in AWS.',
  }),
  rpcUrl: setting({
    variable: 'SWEEP_RPC_URL',
    schema: z.optional(z.url()),
    description: 'Locally: the node URL itself. Exactly one of this and SWEEP_RPC_URL_PARAMETER is set.',
  }),
  rpcUrlParameter: setting({
    variable: 'SWEEP_RPC_URL_PARAMETER',
    schema: z.optional(z.string().check(z.minLength(1))),
    description: 'AWS: the SSM SecureString parameter holding the node URL.',
  }),
};
