import { UsdcAmountSchema } from '#shared/money/amounts.ts';
import { CHAINS } from '#shared/money/chains.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
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
export const SandboxDepositBody = z
  .strictObject({
    chain: lowerChain.check(
      docMeta(
        OPENAPI_PROSE && { description: 'The chain the transfer arrived on (any letter case)', examples: ['base'] },
      ),
    ),
    address: EthereumAddressSchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'The receiving address: a bank deposit wallet (the transfer is forwarded to its bank as a WITHDRAWAL when ' +
            'the bank is ACTIVE and it is at least 5 USDC, else a DEPOSIT); 404 if it is not a deposit address of ' +
            'yours on that chain (a destination wallet is credited nothing)',
        },
      ),
    ),
    amount: UsdcAmountSchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'USDC received: a decimal string with up to 6 places, never a JSON number',
          examples: ['25.00'],
        },
      ),
    ),
    txHash: z.optional(TxHashSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'The hash (`0x` + 64 hex digits) of a transfer made elsewhere, reported as its log 0; left out, a real ' +
            'transfer is made on the local chain (or, without one, a hash is made up). One transfer is recorded once.',
        },
      ),
    ),
    from: z.optional(EthereumAddressSchema).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'The sending address, screened against the sanctions lists: a listed sender freezes the transfer (409, ' +
            '`deposit.frozen`). Given, the transfer is reported, not made on the local chain.',
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'SandboxDepositRequest',
        examples: [
          {
            chain: 'base',
            address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
            amount: '25.00',
            txHash: '0x9fc76417374aa880d4449a1f7f31ec597f00b1f6f3dd2d66f4c9c6c445836d8b',
          },
          { chain: 'base', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', amount: '4.99' },
        ],
      },
    ),
  );
