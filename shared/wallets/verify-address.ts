import { FieldError } from '#shared/errors.ts';
import { type Chain, chainDisplayName } from '#shared/money/chains.ts';
import { type ChainPort, ChainRpcError } from '#shared/rails/chain/port.ts';
import { isUnholdableAddress, isValidAddress, toChecksumAddress } from '#shared/wallets/ethereum.ts';
import type { AddressVerification } from '#shared/wallets/schemas.ts';
import { UNHOLDABLE_ADDRESS } from '#shared/wallets/schemas.ts';
import { NODE_UNANSWERED } from '#shared/wallets/wallet-rules.ts';

export const INVALID_FORMAT = 'Invalid Ethereum address format';
export const INVALID_CHECKSUM =
  'Invalid EIP-55 checksum: the letter case does not match the address, so a character was likely mistyped';

/** The chains whose node this function may ask, and a port to each. */
export type ChainPorts = { chains: readonly Chain[]; portOf: (chain: Chain) => Promise<ChainPort> };

/**
 * Compose's address check: the format and EIP-55 checksum first (no node is asked for an address that fails
 * them), then the code at the address and Safe's two views on `chain`. A node that does not answer is a 503, never
 * a guess: "not a contract" from a node that failed could send funds to a contract that cannot move them.
 */
export async function verifyAddress(
  ports: ChainPorts,
  input: { address: string; chain?: Chain },
): Promise<AddressVerification> {
  const chain = input.chain ?? 'base';
  if (!ports.chains.includes(chain)) {
    throw new FieldError(
      'chain',
      `Unsupported chain ${chain}; this deployment reads ${ports.chains.join(', ') || 'no chain'}`,
    );
  }
  const given = input.address.trim();
  const refused = (error: string): AddressVerification => ({
    isValid: false,
    isContract: false,
    isSafeWallet: false,
    warnings: [],
    errors: [error],
    address: null,
    chain,
    safe: null,
  });
  if (!/^0x[0-9a-fA-F]{40}$/.test(given)) return refused(INVALID_FORMAT);
  if (!isValidAddress(given)) return refused(INVALID_CHECKSUM);
  const address = toChecksumAddress(given);
  if (isUnholdableAddress(address)) return refused(UNHOLDABLE_ADDRESS);

  const warnings: string[] = [];
  if (address !== given) warnings.push(`Address carries no EIP-55 checksum; its checksummed form is ${address}`);
  const port = await ports.portOf(chain);
  try {
    const isContract = await port.isContract(address);
    const safe = isContract ? await port.safeSetup(address) : undefined;
    const name = chainDisplayName(chain);
    if (isContract && !safe) {
      warnings.push(
        `Address is a smart contract on ${name}, not a Safe: make sure it can receive and move USDC on ${name}`,
      );
    }
    return {
      isValid: true,
      isContract,
      isSafeWallet: safe !== undefined,
      warnings,
      errors: [],
      address,
      chain,
      safe: safe ?? null,
    };
  } catch (error) {
    if (!(error instanceof ChainRpcError)) throw error;
    throw NODE_UNANSWERED.error(chain);
  }
}
