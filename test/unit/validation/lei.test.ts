import { describe, expect, it } from 'vitest';
import { LeiSchema, leiCheckDigitsHold } from '#shared/validation/lei.ts';

describe('an LEI (ISO 17442)', () => {
  it.each(['529900T8BM49AURSDO55', '5493001KJTIIGC8Y1R12', 'HWUPKR0MPOU8FGXBT394'])(
    'takes %s, whose check digits hold',
    (lei) => {
      expect(leiCheckDigitsHold(lei)).toBe(true);
      expect(LeiSchema.parse(lei)).toBe(lei);
    },
  );

  it('refuses one changed character or swapped check digits', () => {
    expect(leiCheckDigitsHold('529900T8BM49AURSDO56')).toBe(false);
    expect(leiCheckDigitsHold('529900T8BM49AURSDP55')).toBe(false);
    expect(leiCheckDigitsHold('5493001KJTIIGC8Y1R21')).toBe(false);
    expect(LeiSchema.safeParse('529900T8BM49AURSDO56').error?.issues[0]?.message).toBe(
      'Check digits do not match: not an LEI (ISO 17442)',
    );
    expect(LeiSchema.safeParse('not-a-lei').error?.issues[0]?.message).toBe('Must be a 20-character LEI');
  });
});
