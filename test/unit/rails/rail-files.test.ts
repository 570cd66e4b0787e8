import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { readAchOrigination } from '#shared/rails/bank/ach/nacha.ts';
import type { Creditor, PaymentFile, UsdAccount } from '#shared/rails/bank/payment-file.ts';
import { RAIL_NAMES, type RailName } from '#shared/rails/bank/rail.ts';
import { RAIL_FILES, writeRailFile } from '#shared/rails/bank/rail-files.ts';
import { RAILS, railLanding } from '#shared/rails/bank/rails.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';

const SCHEMAS = join(REPO_ROOT, 'test', 'support', 'rails', 'iso20022');
async function validate(xml: string, schema: string) {
  const result = await validateXML({
    xml: [{ fileName: 'file.xml', contents: xml }],
    schema: [{ fileName: schema, contents: readFileSync(join(SCHEMAS, schema), 'utf8') }],
  });
  return result.errors.map((error) => error.message);
}

const creditor = (fields: Partial<Creditor> & { name: string }): Creditor => ({
  kind: 'individual',
  iban: null,
  accountNumber: null,
  bic: null,
  routingNumber: null,
  address: null,
  ...fields,
});
/** A file written as the batcher writes it: its settlement date from the landing of the moment it was created. */
const write = (rail: RailName, file: PaymentFile) => {
  const createdAt = new Date(file.createdAt);
  const { settlementDate } = railLanding(
    rail,
    file.debtor,
    createdAt,
    file.payments.map((payment) => payment.amount),
  );
  return writeRailFile(rail, file, { createdAt, debtor: file.debtor, settlementDate });
};
const flat = (xml: string) => xml.replace(/>\s+</g, '><');

const header = {
  messageId: '0f3c9a8e5b7d4c1a9e2f6b8d0c4a7e13',
  createdAt: '2026-11-24T10:15:30.123Z',
  executionDate: '2026-11-24',
  initiatingParty: 'Fintech Inc',
};
const usdDebtor: UsdAccount = {
  currency: 'USD',
  name: 'Fintech Inc',
  accountNumber: '000123456789',
  routingNumber: '021000021',
  domesticRail: 'ACH',
  achCompanyId: '1123456789',
};

describe('SEPA Instant files', () => {
  it('are SEPA credit transfers with local instrument INST, valid against the EPC pain.001.001.09 schema', async () => {
    const xml = write('SEPA_INSTANT', {
      ...header,
      debtor: { currency: 'EUR', name: 'Fintech GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      payments: [
        {
          endToEndId: 'WD-INST-0001',
          amount: '99.5',
          creditor: creditor({ name: 'Zoë', iban: 'FR7630006000011234567890189', bic: 'BNPAFRPPXXX' }),
          remittance: 'Payout WD-INST-0001',
        },
      ],
    });

    expect(await validate(xml, 'pain.001.001.09.xsd')).toEqual([]);
    expect(flat(xml)).toContain(
      '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>INST</Cd></LclInstrm></PmtTpInf>',
    );
    expect(
      flat(
        write('SEPA', {
          ...header,
          debtor: { currency: 'EUR', name: 'F', iban: 'DE89370400440532013000', bic: null },
          payments: [
            {
              endToEndId: 'WD-1',
              amount: '1',
              creditor: creditor({ name: 'A', iban: 'FR7630006000011234567890189' }),
              remittance: 'x',
            },
          ],
        }),
      ),
    ).not.toContain('LclInstrm');
  });
});

describe('SWIFT files', () => {
  const address = { street: 'Bay Street', buildingNumber: '100', postCode: 'M5J 2S1', town: 'Toronto', country: 'CA' };
  const swiftFile = (currency: 'USD' | 'EUR', account: Partial<Creditor>): PaymentFile => ({
    ...header,
    debtor:
      currency === 'USD'
        ? usdDebtor
        : { currency: 'EUR', name: 'Fintech GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    payments: [
      {
        endToEndId: 'WD-SWFT-0001',
        amount: '1250',
        creditor: creditor({ name: 'Maple Ltd', kind: 'business', bic: 'ROYCCAT2XXX', address, ...account }),
        remittance: 'Payout WD-SWFT-0001',
      },
    ],
  });

  it('name the creditor agent by BIC, the account by IBAN or number, a structured address, charges shared', async () => {
    const usdFile = write('SWIFT', swiftFile('USD', { accountNumber: '001234567' }));
    const eurFile = write('SWIFT', swiftFile('EUR', { iban: 'GB82WEST12345698765432' }));
    const [usd, eur] = [flat(usdFile), flat(eurFile)];

    expect(await validate(usdFile, 'pain.001.001.09.iso20022.xsd')).toEqual([]);
    expect(await validate(eurFile, 'pain.001.001.09.iso20022.xsd')).toEqual([]);
    expect(usd).toContain('<InstdAmt Ccy="USD">1250.00</InstdAmt>');
    expect(usd).toContain('<CdtrAgt><FinInstnId><BICFI>ROYCCAT2XXX</BICFI></FinInstnId></CdtrAgt>');
    expect(usd).toContain('<CdtrAcct><Id><Othr><Id>001234567</Id></Othr></Id></CdtrAcct>');
    expect(usd).toContain(
      '<Cdtr><Nm>Maple Ltd</Nm><PstlAdr><StrtNm>Bay Street</StrtNm><BldgNb>100</BldgNb><PstCd>M5J 2S1</PstCd><TwnNm>Toronto</TwnNm><Ctry>CA</Ctry></PstlAdr></Cdtr>',
    );
    expect(usd).toContain('<ChrgBr>SHAR</ChrgBr>');
    expect(eur).toContain('<InstdAmt Ccy="EUR">1250.00</InstdAmt>');
    expect(eur).toContain('<CdtrAcct><Id><IBAN>GB82WEST12345698765432</IBAN></Id></CdtrAcct>');
  });

  it('refuse a creditor without a BIC or without an address', () => {
    expect(() => write('SWIFT', swiftFile('USD', { accountNumber: '001234567', bic: null }))).toThrow(
      /creditor.bic is required/,
    );
    expect(() => write('SWIFT', swiftFile('USD', { accountNumber: '001234567', address: null }))).toThrow(
      /creditor.address is required/,
    );
  });
});

describe('ACH files (NACHA)', () => {
  const payment = (endToEndId: string, amount: string, kind: Creditor['kind'], routingNumber: string) => ({
    endToEndId,
    amount,
    creditor: creditor({ name: `Payee ${endToEndId}`, kind, accountNumber: '987654321', routingNumber }),
    remittance: `Payout ${endToEndId}`,
  });
  const file: PaymentFile = {
    ...header,
    debtor: usdDebtor,
    payments: [
      payment('WD-AAAA-0001', '250', 'individual', '026009593'),
      payment('WD-AAAA-0002', '1000.05', 'business', '011000015'),
      payment('WD-AAAA-0003', '0.01', 'individual', '021000021'),
    ],
  };

  it('writes 94-character records in blocks of ten, padded with nines, every field where the layout puts it', () => {
    const text = write('ACH', file);
    const lines = text.trimEnd().split('\n');
    const records = parseNacha(text);

    expect(lines.every((line) => line.length === 94)).toBe(true);
    expect(lines.length % 10).toBe(0);
    // A CCD batch (5, 6+7, 8), then a PPD one (5, 2 x (6+7), 8), the file control: 12 records, padded to 20.
    expect(records.map((record) => record.type)).toEqual([
      '1',
      '5',
      '6',
      '7',
      '8',
      '5',
      '6',
      '7',
      '6',
      '7',
      '8',
      '9',
      ...Array(8).fill('filler'),
    ]);
    const [
      fileHeader,
      ccdHeader,
      ccdEntry,
      ccdAddenda,
      ccdControl,
      ppdHeader,
      ppdEntry,
      ,
      ,
      ,
      ppdControl,
      fileControl,
    ] = records.map((record) => record.fields);
    expect(fileHeader).toMatchObject({
      priorityCode: '01',
      immediateDestination: ' 021000021',
      immediateOrigin: '1123456789',
      fileCreationDate: '261124',
      fileCreationTime: '1015',
      recordSize: '094',
      blockingFactor: '10',
      formatCode: '1',
      immediateDestinationName: ' '.repeat(23),
      immediateOriginName: 'FINTECH INC            ',
    });
    expect(ccdHeader).toMatchObject({
      serviceClassCode: '220',
      companyIdentification: '1123456789',
      standardEntryClassCode: 'CCD',
      companyEntryDescription: 'PAYOUT    ',
      effectiveEntryDate: '261125',
      originatorStatusCode: '1',
      originatingDfi: '02100002',
      batchNumber: '0000001',
    });
    expect(ccdEntry).toMatchObject({
      transactionCode: '22',
      receivingDfi: '01100001',
      checkDigit: '5',
      dfiAccountNumber: '987654321        ',
      amount: '0000100005',
      individualIdentificationNumber: 'WD-AAAA-0002   ',
      addendaRecordIndicator: '1',
      traceNumber: '021000020000001',
    });
    expect(ccdAddenda).toMatchObject({
      addendaTypeCode: '05',
      addendaSequenceNumber: '0001',
      entryDetailSequenceNumber: '0000001',
    });
    expect(ccdAddenda?.paymentRelatedInformation?.trim()).toBe('PAYOUT WD-AAAA-0002');
    expect(ccdControl).toMatchObject({
      serviceClassCode: '220',
      entryAddendaCount: '000002',
      entryHash: '0001100001',
      totalDebit: '000000000000',
      totalCredit: '000000100005',
    });
    expect(ppdHeader).toMatchObject({ standardEntryClassCode: 'PPD', batchNumber: '0000002' });
    expect(ppdEntry).toMatchObject({ amount: '0000025000', individualIdentificationNumber: 'WD-AAAA-0001   ' });
    // Entry hash: the sum of the receiving DFIs' first eight digits (02600959 + 02100002).
    expect(ppdControl).toMatchObject({
      entryAddendaCount: '000004',
      entryHash: '0004700961',
      totalCredit: '000000025001',
    });
    expect(fileControl).toMatchObject({
      batchCount: '000002',
      blockCount: '000002',
      entryAddendaCount: '00000006',
      entryHash: '0005800962',
      totalDebit: '000000000000',
      totalCredit: '000000125006',
    });
  });

  it('reads back what it issued: the header parties, each entry by its identification with its trace number and batch', () => {
    const sent = readAchOrigination(write('ACH', file));

    expect(sent.immediateDestination).toBe('021000021');
    expect(sent.immediateOrigin).toBe('1123456789');
    const batch = { companyId: '1123456789', odfi: '02100002' };
    expect(Object.fromEntries(sent.entries)).toEqual({
      'WD-AAAA-0002': { traceNumber: '021000020000001', secCode: 'CCD', ...batch },
      'WD-AAAA-0001': { traceNumber: '021000020000002', secCode: 'PPD', ...batch },
      'WD-AAAA-0003': { traceNumber: '021000020000003', secCode: 'PPD', ...batch },
    });
  });

  it('dates the entries for the same day when the account is enabled for same-day ACH, else the next business day', () => {
    const sameDay = parseNacha(write('ACH', { ...file, debtor: { ...usdDebtor, achSameDay: true } }));
    // Friday 2026-11-27 10:00 New York: the next business day is Monday the 30th.
    const friday = parseNacha(write('ACH', { ...file, createdAt: '2026-11-27T15:00:00.000Z' }));

    expect(sameDay[1]?.fields.effectiveEntryDate).toBe('261124');
    expect(friday[1]?.fields.effectiveEntryDate).toBe('261130');
  });

  it('refuses an entry over 99,999,999.99, a creditor without a routing number and a debtor without a company id', () => {
    const [first] = file.payments;
    if (!first) throw new Error('no payment');
    expect(() => write('ACH', { ...file, payments: [{ ...first, amount: '100000000' }] })).toThrow(/ACH entry carries/);
    const noRouting = { ...first, creditor: { ...first.creditor, routingNumber: null } };
    expect(() => write('ACH', { ...file, payments: [noRouting] })).toThrow(/routingNumber is required/);
    const { achCompanyId: _, ...noCompany } = usdDebtor;
    expect(() => write('ACH', { ...file, debtor: noCompany })).toThrow(/achCompanyId is required/);
  });
});

describe('the rail descriptors', () => {
  it('give every rail a writer, a file extension, report readers and a calendar', () => {
    for (const name of RAIL_NAMES) {
      const rail = RAILS[name];
      expect(rail.currencies.length, name).toBeGreaterThan(0);
      expect(typeof RAIL_FILES[name].write, name).toBe('function');
      expect(rail.reports.length, name).toBeGreaterThan(0);
      expect(rail.settlement.kind, name).toMatch(/instant|business-days/);
    }
    expect(RAILS.ACH.reports).toContain('nacha-returns');
  });
});
