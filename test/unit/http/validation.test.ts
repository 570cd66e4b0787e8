import { describe, expect, it } from 'vitest';
import { CreateCustomerBody } from '#shared/customers/schemas.ts';
import { FieldError } from '#shared/errors.ts';
import { parseOrThrow, toFieldError } from '#shared/http/validation.ts';
import * as z from '#shared/validation/zod.ts';
import { CreateWithdrawalBody } from '#shared/withdrawals/schemas.ts';

const failureOf = (schema: z.ZodMiniType, input: unknown): z.core.$ZodError => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the parse to fail');
  return result.error;
};

const Person = z.strictObject({
  name: z.string(),
  kind: z.enum(['individual', 'corporate']),
  address: z.optional(
    z.strictObject({ city: z.string().check(z.minLength(2), z.maxLength(5)), lines: z.optional(z.array(z.string())) }),
  ),
});

describe('toFieldError', () => {
  it('reports a missing field as Required', () => {
    const error = toFieldError(failureOf(Person, { kind: 'individual' }));

    expect(error).toBeInstanceOf(FieldError);
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('name: Required');
  });

  it('reports an unknown field first, even when another field is also wrong', () => {
    const error = toFieldError(failureOf(Person, { nmae: 'Ada', kind: 'individual' }));

    expect(error.message).toBe('nmae: Unrecognized field');
    expect(error.field).toBe('nmae');
    expect(error.reason).toBe('Unrecognized field');
  });

  it('names a nested unknown field by its dotted path', () => {
    const error = toFieldError(
      failureOf(Person, { name: 'Ada', kind: 'individual', address: { city: 'Rome', zip: 1 } }),
    );

    expect(error.message).toBe('address.zip: Unrecognized field');
  });

  it('names a nested field by its dotted path', () => {
    const error = toFieldError(failureOf(Person, { name: 'Ada', kind: 'individual', address: { city: 'X' } }));

    expect(error.message).toBe('address.city: Must be at least 2 characters');
  });

  it('names an array element with brackets', () => {
    const error = toFieldError(
      failureOf(Person, { name: 'Ada', kind: 'individual', address: { city: 'Rome', lines: ['ok', 7] } }),
    );

    expect(error.field).toBe('address.lines[1]');
  });

  it('lists the allowed values of an enum', () => {
    const error = toFieldError(failureOf(Person, { name: 'Ada', kind: 'company' }));

    expect(error.message).toBe('kind: Must be one of: individual, corporate');
  });

  it('states the maximum length of a string', () => {
    const error = toFieldError(
      failureOf(Person, { name: 'Ada', kind: 'individual', address: { city: 'Londonderry' } }),
    );

    expect(error.message).toBe('address.city: Must be at most 5 characters');
  });

  it("keeps a schema's own message", () => {
    const error = toFieldError(
      failureOf(CreateCustomerBody, { name: 'Ada', accountType: 'individual', email: 'nope' }),
    );

    expect(error.message).toBe('email: Invalid email');
  });

  it('puts a prefix in front of the path', () => {
    const error = toFieldError(failureOf(Person, { kind: 'individual' }), ['body']);

    expect(error.message).toBe('body.name: Required');
  });

  // zod 4 strips `issue.input` unless parsing with `reportInput: true`; without it every
  // invalid_type issue is reported as "Required", even when the field is present with the wrong type.
  it('reports a present field of the wrong type as a type error, not Required', () => {
    const error = toFieldError(failureOf(Person, { name: 42, kind: 'individual' }));

    expect(error.message).toBe('name: Expected string');
  });

  it("keeps a schema's own type message for a present value", () => {
    const error = toFieldError(
      // expectedMonthlyVolume takes Compose's JSON number now; a withdrawal amount still refuses one.
      failureOf(CreateWithdrawalBody, {
        withdrawalBankId: '9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60',
        sourceAmount: 100,
      }),
    );

    expect(error.message).toBe('sourceAmount: Must be a decimal string');
  });
});

describe('parseOrThrow', () => {
  it('returns the parsed (transformed) value', () => {
    const body = parseOrThrow(CreateCustomerBody, {
      name: '  Ada   Lovelace ',
      accountType: 'individual',
      email: ' a@b.co ',
    });

    expect(body).toEqual({ name: 'Ada Lovelace', accountType: 'individual', email: 'a@b.co' });
  });

  it('throws the 400 field error of the first problem', () => {
    expect(() => parseOrThrow(Person, { name: 'Ada', kind: 'individual', extra: true })).toThrow(
      new FieldError('extra', 'Unrecognized field'),
    );
  });
});

describe('an unknown field, parsed with its schema', () => {
  const withdrawal = { withdrawalBankId: '6f1c2a9e-4b7d-4e21-9c3a-1d2e3f4a5b6c', idempotencyKey: 'k-1' };

  it.each([
    [
      'a shorter name of two fields',
      { amount: '10' },
      'amount: Unrecognized field; did you mean sourceAmount or targetAmount?',
    ],
    ['snake_case', { source_amount: '10' }, 'source_amount: Unrecognized field; did you mean sourceAmount?'],
    [
      'a swapped pair of letters',
      { sourceAmuont: '10' },
      'sourceAmuont: Unrecognized field; did you mean sourceAmount?',
    ],
    ['the end of a field', { bankId: 'b' }, 'bankId: Unrecognized field; did you mean withdrawalBankId?'],
    ['nothing close', { nickname: 'n' }, 'nickname: Unrecognized field'],
  ])('names the field it most likely meant: %s', (_case, extra, message) => {
    expect(() => parseOrThrow(CreateWithdrawalBody, { ...withdrawal, ...extra })).toThrow(message);
  });

  it('suggests within a nested object by its own fields', () => {
    const error = toFieldError(
      failureOf(Person, { name: 'Ada', kind: 'individual', address: { citty: 'Paris' } }),
      [],
      Person,
    );

    expect(error.message).toBe('address.citty: Unrecognized field; did you mean city?');
  });
});

describe("Compose's sentences", () => {
  it('answers them for the fields Compose documents, in its order, with each reason kept in fields', () => {
    const error = toFieldError(
      failureOf(CreateCustomerBody, { accountType: 'individual', email: 'nope' }),
      [],
      CreateCustomerBody,
    );

    expect(error.message).toBe('Please enter a valid email address, Name is required');
    expect(error.fields).toEqual({ name: 'Required', email: 'Invalid email' });
  });
});
