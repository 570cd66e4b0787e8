import { type Chain, chainDisplayName } from '#shared/money/chains.ts';

/**
 * What a deposit wallet tells the sender; bank wallets forward to the bank account. Apart from the wallets' schemas:
 * the banks' answers say it too, and their functions parse no address, so no keccak
 * (docs/decisions/0028-bundle-size-targets.md).
 */
export const depositInstructions = (chain: Chain): string =>
  `Send USDC on ${chainDisplayName(chain)} to this address to automatically receive funds in your bank account. Minimum: 5 USDC.`;
