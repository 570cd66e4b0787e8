import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { toSepaText } from '#shared/rails/bank/characters.ts';
import type { Creditor, PaymentFile } from '#shared/rails/bank/payment-file.ts';
import { RAIL_NAMES, type RailName } from '#shared/rails/bank/rail.ts';
import { writeRailFile } from '#shared/rails/bank/rail-files.ts';
import { writeCamt054, writePain002 } from '#shared/rails/bank/report-writer.ts';
import { MalformedReportError, parseBankReport } from '#shared/rails/bank/reports.ts';

/** The published schemas, copied into the repository (see the folder's README for their sources). */
const SCHEMAS = join(REPO_ROOT, 'test', 'support', 'rails', 'iso20022');

async function validate(xml: string, schema: string) {
  const result = await validateXML({
    xml: [{ fileName: 'file.xml', contents: xml }],
    schema: [{ fileName: schema, contents: readFileSync(join(SCHEMAS, schema), 'utf8') }],
  });
  return result.errors.map((error) => error.message);
}

const writeSepa = (file: PaymentFile) =>
  writeRailFile('SEPA', file, {
    createdAt: new Date(file.createdAt),
    debtor: file.debtor,
    settlementDate: file.executionDate,
  });
const creditor = (fields: Partial<Creditor> & { name: string }): Creditor => ({
  kind: 'individual',
  iban: null,
  accountNumber: null,
  bic: null,
  routingNumber: null,
  address: null,
  ...fields,
});

const eurFile: PaymentFile = {
  messageId: '0f3c9a8e5b7d4c1a9e2f6b8d0c4a7e13',
  createdAt: '2026-11-22T10:15:30.123Z',
  executionDate: '2026-11-22',
  initiatingParty: 'Zürich Fintech & Söhne',
  debtor: { currency: 'EUR', name: 'Zürich Fintech AG', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  payments: [
    {
      endToEndId: 'WD-7K3M-9QX2',
      amount: '91.08',
      creditor: creditor({ name: 'Zoë Łukasiewicz-Ærøskøbing', iban: 'FR7630006000011234567890189' }),
      remittance: 'Payout WD-7K3M-9QX2',
    },
    {
      endToEndId: 'WD-7K3M-9QX3',
      amount: '1130.1',
      creditor: creditor({ name: 'Straße Größe «Ñandú»', iban: 'ES9121000418450200051332', bic: 'CAIXESBBXXX' }),
      remittance: 'Payout WD-7K3M-9QX3',
    },
  ],
};

describe('pain.001 payment files', () => {
  it('writes EUR files that validate against the EPC pain.001.001.09 schema, with control sums and UTC time', async () => {
    const xml = writeSepa(eurFile);

    expect(await validate(xml, 'pain.001.001.09.xsd')).toEqual([]);
    expect(xml).toContain('<CtrlSum>1221.18</CtrlSum>');
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
    expect(xml).toContain('<CreDtTm>2026-11-22T10:15:30.123Z</CreDtTm>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">1130.10</InstdAmt>');
    expect(xml).toContain('<EndToEndId>WD-7K3M-9QX2</EndToEndId>');
    expect(xml).toContain('<PmtInfId>0f3c9a8e5b7d4c1a9e2f6b8d0c4a7e13-1</PmtInfId>');
  });

  it('transliterates names to the SEPA character set instead of refusing them', async () => {
    const xml = writeSepa(eurFile);

    expect(xml).toContain('<Nm>Zoe Lukasiewicz-AEroskobing</Nm>');
    expect(xml).toContain('<Nm>Strasse Grosse Nandu</Nm>');
    expect(xml).toContain('<Nm>Zurich Fintech + Sohne</Nm>');
    expect(toSepaText('Ådne Øyvind Ünal-Çelik 李')).toBe('Adne Oyvind Unal-Celik');
    expect(toSepaText('a'.repeat(80))).toHaveLength(70);
    expect(toSepaText('李')).toBe('NOTPROVIDED');
    expect(await validate(xml, 'pain.001.001.09.xsd')).toEqual([]);
  });

  it('refuses a creditor without an IBAN, a file in another currency and amounts with more than two places', () => {
    const usdPayment = {
      endToEndId: 'WD-1',
      amount: '1.00',
      creditor: creditor({ name: 'A', accountNumber: '1', routingNumber: '021000021' }),
      remittance: 'x',
    };
    expect(() => writeSepa({ ...eurFile, payments: [usdPayment] })).toThrow(/creditor.iban is required/);
    const usdDebtor = { currency: 'USD' as const, name: 'B', accountNumber: '1', routingNumber: '021000021' };
    expect(() => writeSepa({ ...eurFile, debtor: usdDebtor })).toThrow(/carries EUR, not USD/);
    const [first] = eurFile.payments;
    if (!first) throw new Error('no payment');
    expect(() => writeSepa({ ...eurFile, payments: [{ ...first, amount: '1.001' }] })).toThrow();
  });

  it('writes Fedwire files with account and ABA routing numbers and structured addresses for every party', async () => {
    const file: PaymentFile = {
      ...eurFile,
      debtor: {
        currency: 'USD',
        name: 'Fintech Inc',
        accountNumber: '000123456789',
        routingNumber: '021000021',
        address: { street: 'Wall Street', buildingNumber: '1', postCode: '10005', town: 'New York', country: 'US' },
      },
      payments: [
        {
          endToEndId: 'WD-AAAA-BBBB',
          amount: '250',
          creditor: creditor({
            name: 'Ada Lovelace',
            accountNumber: '987654321',
            routingNumber: '026009593',
            address: {
              street: 'Madison Avenue',
              buildingNumber: '383',
              postCode: '10179',
              town: 'New York',
              country: 'US',
            },
          }),
          remittance: 'Payout WD-AAAA-BBBB',
        },
      ],
    };
    const xml = writeRailFile('FEDWIRE', file, {
      createdAt: new Date(file.createdAt),
      debtor: file.debtor,
      settlementDate: file.executionDate,
    });
    const flat = xml.replace(/\s+/g, '');

    expect(await validate(xml, 'pain.001.001.09.iso20022.xsd')).toEqual([]);
    expect(flat).toContain('<InstdAmtCcy="USD">250.00</InstdAmt>');
    expect(flat).toContain(
      '<CdtrAgt><FinInstnId><ClrSysMmbId><ClrSysId><Cd>USABA</Cd></ClrSysId><MmbId>026009593</MmbId>',
    );
    expect(flat).toContain('<CdtrAcct><Id><Othr><Id>987654321</Id></Othr></Id></CdtrAcct>');
    expect(flat).toContain('<ChrgBr>SHAR</ChrgBr>');
    expect(flat).toContain(
      '<Dbtr><Nm>FintechInc</Nm><PstlAdr><StrtNm>WallStreet</StrtNm><BldgNb>1</BldgNb><PstCd>10005</PstCd><TwnNm>NewYork</TwnNm><Ctry>US</Ctry></PstlAdr></Dbtr>',
    );
    expect(flat).toContain(
      '<Cdtr><Nm>AdaLovelace</Nm><PstlAdr><StrtNm>MadisonAvenue</StrtNm><BldgNb>383</BldgNb><PstCd>10179</PstCd><TwnNm>NewYork</TwnNm><Ctry>US</Ctry></PstlAdr></Cdtr>',
    );
    const [payment] = file.payments;
    if (!payment) throw new Error('no payment');
    const context = { createdAt: new Date(file.createdAt), debtor: file.debtor, settlementDate: file.executionDate };
    const homeless = { ...payment, creditor: { ...payment.creditor, address: null } };
    expect(() => writeRailFile('FEDWIRE', { ...file, payments: [homeless] }, context)).toThrow(
      /creditor.address is required/,
    );
    const { address: _, ...debtorWithoutAddress } = file.debtor;
    expect(() => writeRailFile('FEDWIRE', { ...file, debtor: debtorWithoutAddress }, context)).toThrow(
      /debtor.address is required/,
    );
  });
});

describe('reports written by the sandbox bank', () => {
  it('book each rail under its ISO bank transaction code: SWIFT cross-border, Fedwire domestic, ACH, SEPA', async () => {
    const subFamily = (xml: string) => /<SubFmlyCd>(\w+)<\/SubFmlyCd>/.exec(xml)?.[1];
    const booked = (rail: RailName | null, currency: string) =>
      writeCamt054({
        messageId: 'BOOKED-2',
        createdAt: '2026-11-22T10:00:00Z',
        account: { accountNumber: '000123456789' },
        rail,
        entries: [{ endToEndId: 'WD-7K3M-9QX4', amount: '10', currency, bookingDate: '2026-11-22' }],
      });
    const written = Object.fromEntries(RAIL_NAMES.map((rail) => [rail, booked(rail, 'USD')]));

    expect(Object.fromEntries(RAIL_NAMES.map((rail) => [rail, subFamily(written[rail] ?? '')]))).toEqual({
      SEPA: 'ESCT',
      SEPA_INSTANT: 'ESCT',
      FEDWIRE: 'DMCT',
      ACH: 'ACDT',
      SWIFT: 'XBCT',
    });
    // A file written before rails were stored went by its currency's domestic rail.
    expect([subFamily(booked(null, 'USD')), subFamily(booked(null, 'EUR'))]).toEqual(['DMCT', 'ESCT']);
    for (const xml of Object.values(written)) expect(await validate(xml, 'camt.054.001.08.xsd')).toEqual([]);
  });

  it('validate against pain.002.001.11 and camt.054.001.08 and read back as the same facts', async () => {
    const status = writePain002({
      messageId: 'STATUS-1',
      createdAt: '2026-11-22T10:00:00Z',
      originalMessageId: eurFile.messageId,
      fileStatus: 'PART',
      paymentInfoId: `${eurFile.messageId}-1`,
      payments: [{ endToEndId: 'WD-7K3M-9QX2', status: 'RJCT', reason: { code: 'AC04', text: 'Account closed' } }],
    });
    const booked = writeCamt054({
      messageId: 'BOOKED-1',
      createdAt: '2026-11-22T10:00:00Z',
      account: { iban: 'DE89370400440532013000' },
      rail: 'SEPA',
      entries: [{ endToEndId: 'WD-7K3M-9QX3', amount: '1130.1', currency: 'EUR', bookingDate: '2026-11-22' }],
    });
    const returned = writeCamt054({
      messageId: 'RETURNED-1',
      createdAt: '2026-11-24T10:00:00Z',
      account: { iban: 'DE89370400440532013000' },
      rail: 'SEPA',
      entries: [
        {
          endToEndId: 'WD-7K3M-9QX3',
          amount: '1130.1',
          currency: 'EUR',
          bookingDate: '2026-11-24',
          returnReason: { code: 'AC04', text: 'Account closed' },
        },
      ],
    });

    expect(await validate(status, 'pain.002.001.11.xsd')).toEqual([]);
    expect(await validate(booked, 'camt.054.001.08.xsd')).toEqual([]);
    expect(await validate(returned, 'camt.054.001.08.xsd')).toEqual([]);
    expect(parseBankReport(status)).toMatchObject({
      kind: 'pain.002',
      originalMessageId: eurFile.messageId,
      fileStatus: 'PART',
      payments: [{ endToEndId: 'WD-7K3M-9QX2', status: 'RJCT', reason: { code: 'AC04', text: 'Account closed' } }],
    });
    expect(parseBankReport(booked)).toMatchObject({
      kind: 'camt.054',
      entries: [
        {
          creditDebit: 'DBIT',
          status: 'BOOK',
          bookingDate: '2026-11-22',
          account: { iban: 'DE89370400440532013000' },
          transactions: [{ endToEndId: 'WD-7K3M-9QX3', amount: '1130.10', currency: 'EUR', returnReason: null }],
        },
      ],
    });
    expect(parseBankReport(returned)).toMatchObject({
      kind: 'camt.054',
      entries: [
        {
          creditDebit: 'CRDT',
          transactions: [
            {
              endToEndId: 'WD-7K3M-9QX3',
              amount: '1130.10',
              returnReason: { code: 'AC04', text: 'Account closed' },
            },
          ],
        },
      ],
    });
  });

  it('refuses what is not a well-formed pain.002 or camt.054', () => {
    expect(() => parseBankReport('<Document><BkToCstmr')).toThrow(MalformedReportError);
    expect(() => parseBankReport('<Document xmlns="urn:x"><Other/></Document>')).toThrow(
      /Not a pain.002, camt.054 or camt.053/,
    );
    expect(() =>
      parseBankReport(
        '<Document><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>1</MsgId></GrpHdr><Ntfctn><Ntry><Amt>1</Amt><CdtDbtInd>X</CdtDbtInd></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>',
      ),
    ).toThrow(/CdtDbtInd/);
  });
});
