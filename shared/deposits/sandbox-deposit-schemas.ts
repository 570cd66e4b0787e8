import { UsdcAmountSchema } from '#shared/money/amounts.ts';
import { CHAINS } from '#shared/money/chains.ts';
import { described } from '#shared/routing/prose.ts';
import * as z from '#shared/validation/zod.ts';
import { EthereumAddressSchema } from '#shared/wallets/schemas.ts';

/**
 * The sandbox deposit's request, apart from the deposits' other schemas: it alone parses an address (EIP-55, hence
 * the wallets' schemas and keccak), and only its function needs it.
 */

const lowerChain = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value) => value.trim().toLowerCase()),
  ),
  z.enum(CHAINS, { error: `Must be one of: ${CHAINS.join(', ')}` }),
);

/** A transaction hash as EVM chains render it: `0x` and 64 hex digits. */
export const TxHashSchema = z
  .string()
  .check(z.trim(), z.regex(/^0x[0-9a-fA-F]{64}$/, { error: 'Must be 0x followed by 64 hex digits' }));

/** `POST /sandbox/deposits`: what a chain watcher reports; the sandbox makes up a hash when none is given. */
export const SandboxDepositBody = z.strictObject({
  chain: lowerChain,
  address: described(EthereumAddressSchema),
  amount: described(UsdcAmountSchema),
  txHash: z.optional(TxHashSchema),
  from: z.optional(EthereumAddressSchema),
});
