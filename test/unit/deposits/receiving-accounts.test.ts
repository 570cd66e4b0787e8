import { isValidIBAN } from 'ibantools/jsnext/ibantools.js';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '#shared/config/env.ts';
import { drawVirtualIban } from '#shared/deposits/approve-virtual-account.ts';

describe('deposit accounts configuration', () => {
  it('falls back to sandbox placeholders that pass the same validation as configured accounts', () => {
    const { deposits } = parseConfig({});

    expect(isValidIBAN(deposits.eurAccount.iban)).toBe(true);
    expect(deposits.eurAccount.bankCountry).toBe('DE');
    expect(deposits.usdAccount.bankCountry).toBe('US');
    expect(deposits.virtualAccountIssuer.bankCountry).toBe('GB');
  });

  it('takes a configured account as JSON, normalized, with the bank country from its BIC', () => {
    const { deposits } = parseConfig({
      RECEIVING_BANKS: JSON.stringify({
        EUR: {
          accountName: 'Acme  Ltd',
          iban: 'fr14 2004 1010 0505 0001 3m02 606',
          bic: 'psstfrppxxx',
          bankName: 'La Banque Postale',
        },
      }),
    });

    expect(deposits.usdAccount).toEqual(parseConfig({}).deposits.usdAccount);
    expect(deposits.eurAccount).toEqual({
      accountName: 'Acme Ltd',
      accountAddress: null,
      iban: 'FR1420041010050500013M02606',
      bic: 'PSSTFRPPXXX',
      bankName: 'La Banque Postale',
      bankAddress: null,
      bankCountry: 'FR',
    });
  });

  it.each([
    ['RECEIVING_BANKS', '{not json', 'RECEIVING_BANKS: must be a JSON object'],
    [
      'RECEIVING_BANKS',
      JSON.stringify({ EUR: { accountName: 'A', iban: 'DE89370400440532013001', bic: 'DEUTDEFF', bankName: 'B' } }),
      'RECEIVING_BANKS.EUR.iban: Invalid IBAN',
    ],
    [
      'RECEIVING_BANKS',
      JSON.stringify({
        USD: { accountName: 'A', accountNumber: '123', routingNumber: '021000021', bic: 'CHASUS33', bankName: 'B' },
      }),
      'RECEIVING_BANKS.USD.accountNumber: Must be 4 to 17 digits',
    ],
    [
      'VIRTUAL_ACCOUNT_ISSUER',
      JSON.stringify({ bic: 'DEUTDEFF', sortCode: '040000', bankName: 'B' }),
      'VIRTUAL_ACCOUNT_ISSUER.bic: Must be a GB BIC',
    ],
  ])('fails the cold start on a malformed %s, naming it', (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });
});

describe('virtual account IBANs', () => {
  it('are GB IBANs of the issuer bank code and sort code, with valid mod-97 check digits, drawn at random', () => {
    const issuer = { bic: 'SNDBGB2LXXX', sortCode: '040000' };

    const ibans = Array.from({ length: 50 }, () => drawVirtualIban(issuer));

    for (const iban of ibans) {
      expect(iban).toMatch(/^GB\d{2}SNDB040000\d{8}$/);
      expect(isValidIBAN(iban)).toBe(true);
    }
    expect(new Set(ibans).size).toBeGreaterThan(45);
  });
});
