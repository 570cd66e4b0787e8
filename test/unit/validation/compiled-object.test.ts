import { describe, expect, it } from 'vitest';
import { CustomerRecordSchema } from '#shared/customers/records.ts';
import * as z from '#shared/validation/zod.ts';
import { customerItem } from '#test/support/customers/customer-items.ts';

const compiled = z.compiledObject(CustomerRecordSchema);
const stored = {
  ...customerItem('6b3f1a52-1111-4a4a-8888-123456789abc'),
  pk: 'ORG#x',
  sk: 'CUSTOMER',
  entity: 'CUSTOMER',
};

describe('a compiled object schema', () => {
  it('is the same mini object, parsed by zod classic’s compiled parser', () => {
    expect(compiled).toBeInstanceOf(z.ZodMiniObject);
    expect(compiled._zod.traits.has('$ZodObjectJIT')).toBe(true);
    expect(CustomerRecordSchema._zod.traits.has('$ZodObjectJIT')).toBe(false);
  });

  it('answers a stored record as mini does: table attributes dropped, defaults filled in', () => {
    const written = { ...stored, kycAttempts: 2, enabled: false };
    for (const item of [stored, written]) {
      expect(compiled.parse(item)).toEqual(CustomerRecordSchema.parse(item));
    }
    expect(compiled.parse(stored)).toMatchObject({ kycAttempts: 0, enabled: true });
    expect(compiled.parse(written)).toMatchObject({ kycAttempts: 2, enabled: false });
    expect(compiled.parse(stored)).not.toHaveProperty('pk');
  });

  it('refuses a damaged record with the same issues as mini', () => {
    const damaged = [
      { ...stored, version: 0 },
      { ...stored, kycStatus: 'MAYBE', address: { city: 'Berlin' } },
      { ...stored, customerId: undefined },
      'not an object',
    ];
    for (const item of damaged) {
      const expected = CustomerRecordSchema.safeParse(item);
      const actual = compiled.safeParse(item);
      expect(expected.success).toBe(false);
      expect(actual.success).toBe(false);
      expect(actual.error?.issues).toEqual(expected.error?.issues);
    }
  });

  it('keeps a strict object strict', () => {
    const strict = z.compiledObject(z.strictObject({ a: z.string() }));
    expect(strict.safeParse({ a: 'x', b: 1 }).error?.issues).toEqual(
      z.strictObject({ a: z.string() }).safeParse({ a: 'x', b: 1 }).error?.issues,
    );
    expect(strict.parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
