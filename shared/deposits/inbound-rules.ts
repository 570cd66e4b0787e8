import { refusal } from '#shared/errors.ts';
import type { Chain } from '#shared/money/chains.ts';
import { toMicro } from '#shared/money/micro.ts';
import type { WalletKind } from '#shared/wallets/records.ts';

/** The sandbox's test-token transfer on the local chain failed (the chain did not answer). */
export const DEV_CHAIN_FAILED = refusal(503, (chain: Chain) => `The ${chain} development chain failed`, 'base');

/** The smallest transfer to a bank deposit wallet that is forwarded to the bank (the wallets' instructions say so). */
export const FORWARDING_MINIMUM_USDC = '5';

/**
 * What USDC arriving at a wallet becomes (API.md section 7): at a bank deposit wallet whose bank is ACTIVE and of at
 * least the minimum, a payout to that bank (`forward`); anything else, credited to the customer's balance as a
 * deposit (`credit`), so nothing is lost: too small to pay out, a bank not (or no longer) active, or a destination
 * wallet, whose deposits are meant for the balance.
 */
export function inboundOutcome(input: { kind: WalletKind; bankActive: boolean; amount: string }): 'forward' | 'credit' {
  const forwardable = input.kind === 'BANK_DEPOSIT' && input.bankActive;
  return forwardable && toMicro(input.amount) >= toMicro(FORWARDING_MINIMUM_USDC) ? 'forward' : 'credit';
}
