import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { REPO_ROOT } from '#infra/repo-root.ts';
import type { Creditor, PaymentFile, PayoutAccount, PostalAddress } from '#shared/rails/bank/payment-file.ts';
import type { RailName } from '#shared/rails/bank/rail.ts';
import { writeRailFile } from '#shared/rails/bank/rail-files.ts';

/**
 * SWIFT and Fedwire files are plain ISO 20022 pain.001.001.09 (USD, account numbers, agents by ABA routing number),
 * which the EPC's SEPA-restricted schema refuses by design; they are validated against the unrestricted ISO
 * schema (`pain.001.001.09.iso20022.xsd`, source in the folder's README). Every file the two writers can produce
 * from valid input is generated here: currencies, IBANs and account numbers, individuals and businesses, names and
 * addresses in any script, one to five payments.
 */
const SCHEMAS = join(REPO_ROOT, 'test', 'support', 'rails', 'iso20022');
const ISO_SCHEMA = 'pain.001.001.09.iso20022.xsd';
/** The EPC's SEPA-restricted variant of the same message (EUR, IBANs only). */
const EPC_SCHEMA = 'pain.001.001.09.xsd';

/** xmllint's errors for each file (named `file-<index>.xml`), all validated in one run against `schema`. */
async function schemaErrors(xml: string | string[], schema = ISO_SCHEMA) {
  const result = await validateXML({
    xml: [xml].flat().map((contents, index) => ({ fileName: `file-${index}.xml`, contents })),
    schema: [{ fileName: schema, contents: readFileSync(join(SCHEMAS, schema), 'utf8') }],
  });
  return result.errors.map((error) => error.rawMessage);
}

const write = (rail: RailName, file: PaymentFile) =>
  writeRailFile(rail, file, {
    createdAt: new Date(file.createdAt),
    debtor: file.debtor,
    settlementDate: file.executionDate,
  });

/** Text as people type it: Latin with accents, other scripts, symbols and spaces, as names and streets arrive. */
const anyText = (maxLength: number) =>
  fc.string({
    unit: fc.constantFrom(..."Aa Zz Éé ßÆø Łł & ' - . , / 0 9 漢字 Ж ñ ü".split(' ')),
    minLength: 1,
    maxLength,
  });
const address: fc.Arbitrary<PostalAddress> = fc.record({
  street: anyText(12),
  buildingNumber: fc.option(fc.stringMatching(/^[1-9][0-9]{0,3}[A-Z]?$/), { nil: null }),
  postCode: fc.option(fc.stringMatching(/^[A-Z0-9]{3,5}( [A-Z0-9]{3})?$/), { nil: null }),
  town: anyText(10),
  country: fc.constantFrom('US', 'CA', 'AE', 'GB', 'CH', 'JP', 'BR'),
});
/** 0.01 to 999,999,999.99, written with one or two places as amounts arrive (`12.5`, `12.50`). */
const amount = fc
  .tuple(fc.bigInt({ min: 1n, max: 99_999_999_999n }), fc.boolean())
  .map(([cents, short]) =>
    short && cents % 10n === 0n
      ? `${cents / 100n}.${(cents % 100n) / 10n}`
      : `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`,
  );
const IBANS = [
  'AE070331234567890123456',
  'GB82WEST12345698765432',
  'CH9300762011623852957',
  'BR1800360305000010009795493C1',
];
const ROUTING = ['021000021', '026009593', '011000015', '121000358'];
const BICS = ['CHASUS33XXX', 'ROYCCAT2', 'EBILAEADXXX', 'BOFAUS3N', 'MUFGJPJT'];

const header = {
  messageId: '0f3c9a8e5b7d4c1a9e2f6b8d0c4a7e13',
  createdAt: '2026-11-24T10:15:30.123Z',
  executionDate: '2026-11-25',
  initiatingParty: 'Fintech Inc',
};
const usdDebtor = (domesticRail: 'FEDWIRE' | 'ACH'): PayoutAccount => ({
  currency: 'USD',
  name: 'Acme Payouts Inc',
  accountNumber: '000123456789',
  routingNumber: '021000021',
  domesticRail,
  achCompanyId: '1123456789',
  address: { street: 'Park Avenue', buildingNumber: '270', postCode: '10017', town: 'New York', country: 'US' },
});
const eurDebtor: PayoutAccount = {
  currency: 'EUR',
  name: 'Fintech GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  address: { street: 'Friedrichstrasse', buildingNumber: '123', postCode: '10117', town: 'Berlin', country: 'DE' },
};

const payments = (creditor: fc.Arbitrary<Omit<Creditor, 'name' | 'kind' | 'address'>>) =>
  fc.array(
    fc.record({
      amount,
      name: anyText(80),
      kind: fc.constantFrom('individual' as const, 'business' as const),
      address,
      account: creditor,
      remittance: anyText(160),
    }),
    { minLength: 1, maxLength: 5 },
  );
const swiftFiles = fc
  .record({
    currency: fc.constantFrom('USD' as const, 'EUR' as const),
    payments: payments(
      fc.record({
        iban: fc.option(fc.constantFrom(...IBANS), { nil: null }),
        accountNumber: fc.stringMatching(/^[0-9]{4,17}$/),
        bic: fc.constantFrom(...BICS),
        routingNumber: fc.constant(null),
      }),
    ),
  })
  .map(
    ({ currency, payments }): PaymentFile => ({
      ...header,
      debtor: currency === 'USD' ? usdDebtor('FEDWIRE') : eurDebtor,
      payments: payments.map((payment, index) => ({
        endToEndId: `WD-SWFT-${String(index).padStart(4, '0')}`,
        amount: payment.amount,
        creditor: { ...payment.account, name: payment.name, kind: payment.kind, address: payment.address },
        remittance: payment.remittance,
      })),
    }),
  );

const fedwireFiles = payments(
  fc.record({
    iban: fc.constant(null),
    accountNumber: fc.stringMatching(/^[0-9]{4,17}$/),
    bic: fc.constant(null),
    routingNumber: fc.constantFrom(...ROUTING),
  }),
).map(
  (payments): PaymentFile => ({
    ...header,
    debtor: usdDebtor('FEDWIRE'),
    payments: payments.map((payment, index) => ({
      endToEndId: `WD-FEDW-${String(index).padStart(4, '0')}`,
      amount: payment.amount,
      creditor: { ...payment.account, name: payment.name, kind: payment.kind, address: payment.address },
      remittance: payment.remittance,
    })),
  }),
);

/** `count` files of `files`, from a seed the failure names (validating them one by one costs half a second each). */
function sample(files: fc.Arbitrary<PaymentFile>, count: number) {
  const seed = Date.now() % 2 ** 31;
  return { seed, files: fc.sample(files, { numRuns: count, seed }) };
}

describe('SWIFT and Fedwire files against the ISO 20022 pain.001.001.09 schema', () => {
  it('every SWIFT file validates: USD and EUR, IBAN or account number, any names and addresses', async () => {
    const { seed, files } = sample(swiftFiles, 100);

    expect(await schemaErrors(files.map((file) => write('SWIFT', file))), `fast-check seed ${seed}`).toEqual([]);
  });

  it('every Fedwire file validates: ABA routing numbers, account numbers, structured addresses for every party', async () => {
    const { seed, files } = sample(fedwireFiles, 100);

    expect(await schemaErrors(files.map((file) => write('FEDWIRE', file))), `fast-check seed ${seed}`).toEqual([]);
  });

  it('is the unrestricted schema: it takes what the EPC one refuses, and refuses what ISO 20022 does', async () => {
    const [fedwire] = fc.sample(fedwireFiles, { numRuns: 1, seed: 7 });
    const xml = write('FEDWIRE', fedwire as PaymentFile);

    expect(xml).toContain('Ccy="USD"');
    expect(await schemaErrors(xml, EPC_SCHEMA)).not.toEqual([]);
    // Among valid files, a country that is not two capitals and a payment block without its payment method.
    const errors = await schemaErrors([
      xml,
      xml.replace('<Ctry>US</Ctry>', '<Ctry>USA</Ctry>'),
      xml,
      xml.replace('<PmtMtd>TRF</PmtMtd>', ''),
    ]);
    expect(new Set(errors.map((error) => /^file-\d+\.xml/.exec(error)?.[0]))).toEqual(
      new Set(['file-1.xml', 'file-3.xml']),
    );
  });
});
