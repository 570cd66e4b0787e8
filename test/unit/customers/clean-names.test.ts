import '#test/support/env.ts';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as createCustomer } from '#functions/api/customers/create-customer.ts';
import { beneficiaryNameMatches } from '#shared/banks/name-matching.ts';
import { CreateBankBody } from '#shared/banks/schemas.ts';
import { SandboxKycApproveBody } from '#shared/customers/schemas.ts';
import { parseOrThrow } from '#shared/http/validation.ts';
import { FORBIDDEN_CHARACTERS, forbiddenCharactersIn } from '#shared/validation/text.ts';
import { type Caller, givenCaller, mockDocumentClient } from '#test/support/db/document-client-mock.ts';
import { apiEvent, bodyOf, invoke, jsonBody } from '#test/support/http/api-event.ts';

/**
 * Attack run finding 4: NUL, ESC and U+202E (right-to-left override) were stored verbatim in customer and
 * beneficiary names, and fullwidth or circled lookalikes of "Jane Doe" passed name matching and were stored and
 * paid to as sent.
 */
const HOSTILE: [string, string][] = [
  ['NUL', 'Jane\u0000Doe'],
  ['ESC', 'Jane \u001b[31mDoe'],
  ['DEL', 'Jane Doe\u007f'],
  ['a C1 control', 'Jane\u0085Doe'],
  ['the right-to-left override', 'Jane \u202eeoD'],
  ['a left-to-right embedding', '\u202aJane Doe'],
  ['a right-to-left isolate', 'Jane \u2067Doe\u2069'],
  ['the right-to-left mark', 'Jane Doe\u200f'],
  ['an unpaired surrogate', 'Jane \ud800Doe'],
  ['a zero width space', 'Jane\u200b Doe'],
  ['a word joiner', 'Jane\u2060Doe'],
  ['a byte order mark', '\ufeffJane Doe'],
];
const FULLWIDTH = 'Ｊａｎｅ Ｄｏｅ';
const CIRCLED = 'Ⓙⓐⓝⓔ Ⓓⓞⓔ';

const ddb = mockDocumentClient();
let caller: Caller;

beforeEach(() => {
  ddb.reset();
  ddb.on(GetCommand).resolves({});
  ddb.on(TransactWriteCommand).resolves({});
  caller = givenCaller(ddb);
});

const postCustomer = (name: string) =>
  invoke(
    createCustomer,
    apiEvent({
      method: 'POST',
      path: '/api/v2/customers',
      headers: { authorization: caller.authorization },
      body: jsonBody({ name, accountType: 'individual', email: 'jane@example.com' }),
    }),
  );

const storedCustomerName = () => {
  const items = ddb.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
  return items.map((item) => item.Put?.Item).find((item) => item?.sk === 'CUSTOMER')?.name;
};

const bank = (beneficiaryName: string) =>
  parseOrThrow(CreateBankBody, {
    beneficiaryName,
    currency: 'EUR',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  });

describe('customer names', () => {
  it.each(HOSTILE)('refuses %s with a 400 naming the field, and stores nothing', async (_, name) => {
    const result = await postCustomer(name);

    expect(result.statusCode, result.body).toBe(400);
    expect(bodyOf(result)).toEqual({ error: `name: ${forbiddenCharactersIn(name)}` });
    expect(ddb.commandCalls(TransactWriteCommand)).toEqual([]);
  });

  it.each([FULLWIDTH, CIRCLED])('stores the lookalike %s as what it is', async (name) => {
    const result = await postCustomer(name);

    expect(result.statusCode, result.body).toBe(201);
    expect(bodyOf(result)).toMatchObject({ name: 'Jane Doe' });
    expect(storedCustomerName()).toBe('Jane Doe');
  });

  it('refuses a verified name with a control character', () => {
    expect(() => parseOrThrow(SandboxKycApproveBody, { verifiedName: 'Jane\u001bDoe' })).toThrow(
      `verifiedName: ${FORBIDDEN_CHARACTERS}`,
    );
  });
});

describe('beneficiary names', () => {
  it.each(HOSTILE)('refuses %s with a 400 naming the field', (_, name) => {
    expect(() => bank(name)).toThrow(`beneficiaryName: ${FORBIDDEN_CHARACTERS}`);
  });

  it.each([FULLWIDTH, CIRCLED])('takes the lookalike %s as the name it stands for', (name) => {
    expect(bank(name).beneficiaryName).toBe('Jane Doe');
  });

  it('never matches a name that carries a control, bidi or invisible character, whatever stored it', () => {
    expect(beneficiaryNameMatches('Jane\u202eDoe', 'Jane Doe', 'individual')).toBe(false);
    expect(beneficiaryNameMatches('Jane\u200b Doe', 'Jane Doe', 'individual')).toBe(false);
    expect(beneficiaryNameMatches('Jane Doe', 'Jane\u0000Doe', 'individual')).toBe(false);
    expect(beneficiaryNameMatches(FULLWIDTH, 'Jane Doe', 'individual')).toBe(true);
  });
});
