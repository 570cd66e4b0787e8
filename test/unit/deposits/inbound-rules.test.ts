import { describe, expect, it } from 'vitest';
import { inboundOutcome } from '#shared/deposits/inbound-rules.ts';

describe('what inbound USDC becomes', () => {
  it.each([
    ['4.99 at an active bank deposit wallet', 'credit', 'BANK_DEPOSIT', true, '4.99'],
    ['4.999999 at an active bank deposit wallet', 'credit', 'BANK_DEPOSIT', true, '4.999999'],
    ['exactly 5 at an active bank deposit wallet', 'forward', 'BANK_DEPOSIT', true, '5'],
    ['5.00 written with decimals', 'forward', 'BANK_DEPOSIT', true, '5.00'],
    ['a large amount at an active bank deposit wallet', 'forward', 'BANK_DEPOSIT', true, '250000.123456'],
    ['a large amount at the wallet of a bank that is not active', 'credit', 'BANK_DEPOSIT', false, '100'],
    ['any amount at a destination wallet', 'credit', 'DESTINATION', false, '100'],
  ] as const)('%s: %s', (_case, outcome, kind, bankActive, amount) => {
    expect(inboundOutcome({ kind, bankActive, amount })).toBe(outcome);
  });
});
