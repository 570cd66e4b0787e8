import * as z from '#shared/validation/zod.ts';

/**
 * The EVM chains USDC deposit wallets can live on. One derived address works on any of them, but each chain
 * gets its own address (its own derivation index) so an inbound transfer identifies its chain by address too.
 */
export const CHAINS = ['base', 'ethereum', 'polygon', 'arbitrum', 'optimism', 'avalanche'] as const;
export const ChainSchema = z.enum(CHAINS);
export type Chain = z.infer<typeof ChainSchema>;

export const DEFAULT_SUPPORTED_CHAINS: readonly Chain[] = ['base', 'ethereum', 'polygon', 'arbitrum'];

/** An EVM address as configured (a contract, a token): `0x` and 40 hex digits, either case. */
export const HexAddressSchema = z
  .string()
  .check(z.regex(/^0x[0-9a-fA-F]{40}$/, { error: 'must be 0x followed by 40 hex digits' }));

/** The name shown to people: `base` -> `Base`. */
export const chainDisplayName = (chain: Chain): string => chain.charAt(0).toUpperCase() + chain.slice(1);

/** `SUPPORTED_CHAINS`: a comma-separated list of known chains, each at most once, at least one. */
export const SupportedChainsSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value) =>
      value
        .split(',')
        .map((chain) => chain.trim().toLowerCase())
        .filter(Boolean),
    ),
  ),
  z.array(ChainSchema, { error: `Each chain must be one of: ${CHAINS.join(', ')}` }).check(
    z.minLength(1, { error: 'Name at least one chain' }),
    z.refine((chains) => new Set(chains).size === chains.length, { error: 'A chain is listed twice' }),
  ),
);
