import { describe, expect, it } from 'vitest';
import { CreateBankBody } from '#shared/banks/schemas.ts';
import { parseOrThrow } from '#shared/http/validation.ts';
import {
  isValidBic,
  isValidRoutingNumber,
  isValidUsAccountNumber,
  normalizeBic,
  normalizeIban,
} from '#shared/validation/bank-accounts.ts';
import { isValidIban } from '#shared/validation/iban.ts';

/** Published example IBANs of the IBAN registry, one per country. */
const VALID_IBANS = {
  DE: 'DE89370400440532013000',
  FR: 'FR1420041010050500013M02606',
  GB: 'GB29NWBK60161331926819',
  NL: 'NL91ABNA0417164300',
  ES: 'ES9121000418450200051332',
  IT: 'IT60X0542811101000000123456',
  BE: 'BE68539007547034',
  AT: 'AT611904300234573201',
  CH: 'CH9300762011623852957',
  IE: 'IE29AIBK93115212345678',
  PL: 'PL61109010140000071219812874',
  PT: 'PT50000201231234567890154',
  SE: 'SE4550000000058398257466',
  NO: 'NO9386011117947',
  MT: 'MT84MALT011000012345MTLCAST001S',
  LU: 'LU280019400644750000',
  FI: 'FI2112345600000785',
  DK: 'DK5000400440116243',
};

describe('IBAN', () => {
  it.each(Object.entries(VALID_IBANS))('accepts a valid %s IBAN', (_country, iban) => {
    expect(isValidIban(normalizeIban(iban))).toBe(true);
  });

  it.each([
    ['one digit changed (mod-97 fails)', 'DE89370400440532013001'],
    ['two digits swapped', 'NL91ABNA0417163400'],
    ['one character short for its country', 'DE8937040044053201300'],
    ['one character too many for its country', 'GB29NWBK603161331926819'],
    ['letters where the country has digits', 'DE89370400440532O13000'],
    ['an unknown country', 'XX89370400440532013000'],
    ['a Swiss QR-IBAN (QR-bill payments only)', 'CH4431999123000889012'],
    ['nothing', ''],
  ])('refuses %s', (_case, iban) => {
    expect(isValidIban(normalizeIban(iban))).toBe(false);
  });

  it('normalizes spaces and lower case to the electronic form', () => {
    expect(normalizeIban(' de89 3704 0044\t0532 0130 00 ')).toBe('DE89370400440532013000');
  });
});

describe('BIC', () => {
  it.each(['DEUTDEFF', 'DEUTDEFF500', 'NEDSZAJJXXX', 'ABNANL2A', 'BNPAFRPPXXX', 'UBSWCHZH80A'])('accepts %s', (bic) => {
    expect(isValidBic(normalizeBic(bic))).toBe(true);
  });

  it.each([
    ['7 characters', 'DEUTDEF'],
    ['9 characters', 'DEUTDEFF5'],
    ['10 characters', 'DEUTDEFF50'],
    ['12 characters', 'DEUTDEFF5000'],
    ['a digit in the bank code', 'DEU1DEFF'],
    ['a digit in the country', 'DEUT1EFF'],
    ['a country that does not exist', 'DEUTXXFF'],
    ['UK, which is not an ISO country code (GB is)', 'DEUTUKFF'],
    ['inner spaces', 'DEUT DE FF'],
  ])('refuses %s', (_case, bic) => {
    expect(isValidBic(normalizeBic(bic))).toBe(false);
  });

  it('normalizes lower case and surrounding spaces', () => {
    expect(normalizeBic(' deutdeff ')).toBe('DEUTDEFF');
  });
});

describe('ABA routing number', () => {
  it.each([
    ['Federal Reserve Bank of Boston', '011000015'],
    ['JPMorgan Chase, New York', '021000021'],
    ['Bank of America, New York', '026009593'],
    ['Wells Fargo, San Francisco', '121000248'],
    ['Bank of America, Atlanta', '061000052'],
    ['Chase, California', '322271627'],
  ])('accepts %s (%s)', (_bank, routing) => {
    expect(isValidRoutingNumber(routing)).toBe(true);
  });

  it.each([
    ['a changed last digit', '011000016'],
    ['a changed first digit', '121000021'],
    ['two digits swapped', '012000015'],
    ['8 digits', '02100002'],
    ['10 digits', '0210000210'],
    ['a letter', '02100002A'],
    ['all zeros (checksum holds, no bank)', '000000000'],
    ['a prefix no Federal Reserve district uses (checksum holds)', '500000005'],
  ])('refuses %s', (_case, routing) => {
    expect(isValidRoutingNumber(routing)).toBe(false);
  });
});

describe('US account number', () => {
  it.each(['1234', '123456789', '12345678901234567'])('accepts %s (4 to 17 digits)', (account) => {
    expect(isValidUsAccountNumber(account)).toBe(true);
  });

  it.each([
    ['3 digits', '123'],
    ['18 digits', '123456789012345678'],
    ['a letter', '1234a678'],
    ['a dash', '1234-5678'],
  ])('refuses %s', (_case, account) => {
    expect(isValidUsAccountNumber(account)).toBe(false);
  });
});

describe('create bank body', () => {
  const eur = { beneficiaryName: 'Jane Doe', iban: 'DE89370400440532013000', bic: 'DEUTDEFF' };
  const usd = { beneficiaryName: 'Jane Doe', currency: 'USD', accountNumber: '123456789', routingNumber: '021000021' };
  const parse = (body: unknown) => parseOrThrow(CreateBankBody, body);
  const refusal = (body: unknown) => {
    try {
      parse(body);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('expected a refusal');
  };

  it('fills the defaults of an EUR bank for its own customer', () => {
    expect(parse({ ...eur, iban: 'de89 3704 0044 0532 0130 00', bic: 'deutdeff' })).toEqual({
      beneficiaryName: 'Jane Doe',
      currency: 'EUR',
      paymentRail: 'SEPA',
      iban: 'DE89370400440532013000',
      bic: 'DEUTDEFF',
      accountNumber: null,
      routingNumber: null,
      bankName: null,
      bankAddress: null,
      bankCountry: null,
      recipientType: 'CUSTOMER',
      addressLine1: null,
      city: null,
      postalCode: null,
      country: null,
      recipientEmail: null,
      notificationEnabled: false,
    });
  });

  it('defaults a USD bank to FEDWIRE', () => {
    expect(parse(usd)).toMatchObject({ currency: 'USD', paymentRail: 'FEDWIRE', iban: null, bic: null });
  });

  const swift = {
    beneficiaryName: 'Jane Doe',
    currency: 'USD',
    paymentRail: 'SWIFT',
    accountNumber: '000123456789',
    bic: 'chasus33',
    bankName: 'JPMorgan Chase Bank, N.A.',
    bankAddress: '383 Madison Avenue, New York, NY 10179',
    bankCountry: 'US',
  };

  it("takes Compose's SWIFT rail: an account number or an IBAN, the BIC and the bank's name, address, country", () => {
    expect(parse(swift)).toMatchObject({
      currency: 'USD',
      paymentRail: 'SWIFT',
      accountNumber: '000123456789',
      iban: null,
      routingNumber: null,
      bic: 'CHASUS33',
      bankName: 'JPMorgan Chase Bank, N.A.',
      bankAddress: '383 Madison Avenue, New York, NY 10179',
      bankCountry: 'US',
    });
    const { accountNumber: _, ...withIban } = swift;
    expect(parse({ ...withIban, iban: 'DE89370400440532013000' })).toMatchObject({
      paymentRail: 'SWIFT',
      iban: 'DE89370400440532013000',
      accountNumber: null,
    });
  });

  it("takes an IBAN in Compose's SWIFT accountNumber, and SWIFT in EUR to a bank outside the SEPA area", () => {
    expect(parse({ ...swift, accountNumber: 'gb82 west 1234 5698 7654 32' })).toMatchObject({
      paymentRail: 'SWIFT',
      accountNumber: 'GB82WEST12345698765432',
      iban: null,
    });
    expect(parse({ ...swift, currency: 'EUR' })).toMatchObject({ currency: 'EUR', paymentRail: 'SWIFT' });
  });

  it.each([
    ['no account', { ...swift, accountNumber: undefined }, 'accountNumber: Required for SWIFT banks (or iban)'],
    [
      'both account and IBAN',
      { ...swift, iban: 'DE89370400440532013000' },
      'iban: Not allowed together with accountNumber',
    ],
    ['no bank name', { ...swift, bankName: undefined }, 'bankName: Required'],
    ['no bank country', { ...swift, bankCountry: undefined }, 'bankCountry: Required'],
    ['a routing number', { ...swift, routingNumber: '021000021' }, 'routingNumber: Not allowed for SWIFT banks'],
    [
      'SWIFT for EUR to a bank in the SEPA area',
      { ...swift, currency: 'EUR', bic: 'DEUTDEFF' },
      "paymentRail: Must be SEPA for EUR banks in the SEPA area (the BIC's country is DE)",
    ],
    [
      'an account number neither digits nor IBAN',
      { ...swift, accountNumber: 'GB00XXXX' },
      'accountNumber: Must be 4 to 17 digits or an IBAN',
    ],
    ['a bank name on SEPA', { ...eur, bankName: 'Deutsche Bank' }, 'bankName: Not allowed for SEPA banks'],
    ['SEPA for USD', { ...usd, paymentRail: 'SEPA' }, 'paymentRail: Must be FEDWIRE or SWIFT for USD banks'],
  ])('refuses a SWIFT-rail mistake: %s', (_case, body, message) => {
    expect(refusal(body)).toBe(message);
  });

  it.each([
    [
      'an invalid IBAN',
      { ...eur, iban: 'DE89370400440532013001' },
      'iban: The check digits do not match the rest: a character is mistyped or two are swapped',
    ],
    [
      'an IBAN a character short',
      { ...eur, iban: 'DE8937040044053201300' },
      'iban: A DE IBAN has 22 characters; this one has 21',
    ],
    [
      'an IBAN of no country',
      { ...eur, iban: 'XX89370400440532013000' },
      'iban: Unknown IBAN country "XX": an IBAN starts with its country\'s two letters, e.g. DE or FR',
    ],
    [
      'an IBAN with a letter O for a zero',
      { ...eur, iban: 'DE89370400440532O13000' },
      'iban: A DE IBAN has 18 digits after its check digits; a letter or digit is out of place',
    ],
    [
      'an IBAN with a dash',
      { ...eur, iban: 'DE89-3704-0044-0532-0130-00' },
      'iban: Only letters and digits may appear in an IBAN; remove "-"',
    ],
    ['an invalid BIC', { ...eur, bic: 'DEUTDEF' }, 'bic: Invalid BIC'],
    ['a bad routing checksum', { ...usd, routingNumber: '021000022' }, 'routingNumber: Invalid routing number'],
    ['a 3-digit account', { ...usd, accountNumber: '123' }, 'accountNumber: Must be 4 to 17 digits'],
    ['an 18-digit account', { ...usd, accountNumber: '123456789012345678' }, 'accountNumber: Must be 4 to 17 digits'],
    ['an IBAN on a USD bank', { ...usd, iban: 'DE89370400440532013000' }, 'iban: Not allowed for USD banks'],
    ['a BIC on a USD bank', { ...usd, bic: 'DEUTDEFF' }, 'bic: Not allowed for USD banks'],
    [
      'an account number on an EUR bank',
      { ...eur, accountNumber: '123456789' },
      'accountNumber: Not allowed for EUR banks',
    ],
    [
      'a routing number on an EUR bank',
      { ...eur, routingNumber: '021000021' },
      'routingNumber: Not allowed for EUR banks',
    ],
    ['an EUR bank without IBAN', { beneficiaryName: 'Jane Doe', bic: 'DEUTDEFF' }, 'iban: Required'],
    ['an EUR bank without BIC', { beneficiaryName: 'Jane Doe', iban: eur.iban }, 'bic: Required'],
    ['a USD bank without routing number', { ...usd, routingNumber: undefined }, 'routingNumber: Required'],
    ['FEDWIRE for EUR', { ...eur, paymentRail: 'FEDWIRE' }, 'paymentRail: Must be SEPA or SWIFT for EUR banks'],
    ['an unknown currency', { ...eur, currency: 'GBP' }, 'currency: Must be one of: EUR, USD'],
    ['an unknown country', { ...eur, country: 'XX' }, 'country: Must be an ISO 3166-1 alpha-2 country code'],
    ['a malformed e-mail', { ...eur, recipientEmail: 'jane@' }, 'recipientEmail: Invalid email'],
    ['an empty beneficiary name', { ...eur, beneficiaryName: '   ' }, 'beneficiaryName: Must be at least 1 character'],
    [
      'a 141-character name',
      { ...eur, beneficiaryName: 'x'.repeat(141) },
      'beneficiaryName: Must be at most 140 characters',
    ],
    ['an unknown field', { ...eur, nickname: 'main' }, 'nickname: Unrecognized field'],
    [
      'a third party without address',
      { ...eur, recipientType: 'OTHER_INDIVIDUAL', city: 'Berlin' },
      'addressLine1: Required for OTHER_INDIVIDUAL recipients',
    ],
    [
      'a business without city',
      { ...eur, recipientType: 'OTHER_BUSINESS', addressLine1: 'Main St 1' },
      'city: Required for OTHER_BUSINESS recipients',
    ],
    [
      'half an address for the customer',
      { ...eur, addressLine1: 'Main St 1' },
      'city: Required when addressLine1 is given',
    ],
    [
      'a non-boolean notification flag',
      { ...eur, notificationEnabled: 'yes' },
      'notificationEnabled: Expected boolean',
    ],
  ])('refuses %s with a field-named message', (_case, body, message) => {
    expect(refusal(body)).toBe(message);
  });
});

describe('IBAN check digits, by the one IBAN validator', () => {
  it.each(Object.entries(VALID_IBANS))('accepts the %s example as the registry does', (_country, iban) => {
    expect(isValidIban(normalizeIban(iban))).toBe(true);
  });

  it.each([
    ['a changed digit', 'DE89370400440532013001'],
    ['swapped digits', 'DE89370400440532031000'],
    ['lower case', 'de89370400440532013000'],
    ['too short', 'DE8937040044'],
    ['a sign', 'DE89-370400440532013000'],
  ])('refuses %s', (_case, iban) => {
    expect(isValidIban(iban)).toBe(false);
  });
});
