/**
 * Golden files: every rail's payment file and every kind of bank report, written from fixed inputs (fixed clock,
 * fixed ids) and compared byte for byte with the files committed under `test/golden/rails/`. A writer that changes
 * one byte of what it sends to a bank, or of what the sandbox bank answers, fails here.
 *
 * A deliberate change of a file is reviewed as a change of its golden file. To write them again:
 *
 *   UPDATE_GOLDEN=1 npx vitest run --project unit test/unit/rails/golden-files.test.ts
 *
 * then read the diff of `test/golden/rails/` before committing it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { type NachaReturnFileInput, writeNachaReturns } from '#shared/rails/bank/ach/nacha-return-writer.ts';
import {
  type Creditor,
  type PaymentFile,
  type PayoutAccount,
  SANDBOX_IDENTIFIERS,
  type UsdAccount,
} from '#shared/rails/bank/payment-file.ts';
import type { RailName } from '#shared/rails/bank/rail.ts';
import { RAIL_FILES, writeRailFile } from '#shared/rails/bank/rail-files.ts';
import { railLanding } from '#shared/rails/bank/rails.ts';
import { type DebitNotificationInput, writeCamt054, writePain002 } from '#shared/rails/bank/report-writer.ts';

const GOLDEN = join(REPO_ROOT, 'test', 'golden', 'rails');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

function expectGolden(name: string, written: string) {
  const path = join(GOLDEN, name);
  if (UPDATE) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, written);
  }
  if (!existsSync(path)) throw new Error(`No golden file ${name}: run with UPDATE_GOLDEN=1 (see the file's header)`);
  expect(Buffer.from(written, 'utf8').equals(readFileSync(path)), `${name} differs from its golden file`).toBe(true);
}

const CREATED_AT = '2026-11-24T10:15:30.123Z';
const header = {
  messageId: '0f3c9a8e5b7d4c1a9e2f6b8d0c4a7e13',
  createdAt: CREATED_AT,
  initiatingParty: 'Fintech & Söhne Inc',
};
const creditor = (fields: Partial<Creditor> & { name: string }): Creditor => ({
  kind: 'individual',
  iban: null,
  accountNumber: null,
  bic: null,
  routingNumber: null,
  address: null,
  ...fields,
});
const eurDebtor: Extract<PayoutAccount, { currency: 'EUR' }> = {
  currency: 'EUR',
  name: 'Fintech & Söhne GmbH',
  iban: SANDBOX_IDENTIFIERS.iban,
  bic: SANDBOX_IDENTIFIERS.bic,
  address: { street: 'Friedrichstraße', buildingNumber: '123', postCode: '10117', town: 'Berlin', country: 'DE' },
};
const usdDebtor: UsdAccount = {
  currency: 'USD',
  name: 'Fintech Inc',
  accountNumber: '000123456789',
  routingNumber: SANDBOX_IDENTIFIERS.routingNumber,
  domesticRail: 'ACH',
  achCompanyId: SANDBOX_IDENTIFIERS.achCompanyId,
  address: { street: 'Wall Street', buildingNumber: '1', postCode: '10005', town: 'New York', country: 'US' },
};
const usAddress = {
  street: 'Madison Avenue',
  buildingNumber: '383',
  postCode: '10179',
  town: 'New York',
  country: 'US',
};
const caAddress = { street: 'Bay Street', buildingNumber: '100', postCode: 'M5J 2S1', town: 'Toronto', country: 'CA' };

const sepaPayments: PaymentFile['payments'] = [
  {
    endToEndId: 'WD-SEPA-0001',
    amount: '99.5',
    creditor: creditor({ name: 'Zoë Ærøskøbing', iban: 'FR7630006000011234567890189', bic: 'BNPAFRPPXXX' }),
    remittance: 'Payout WD-SEPA-0001 – März',
  },
  {
    endToEndId: 'WD-SEPA-0002',
    amount: '1200',
    creditor: creditor({ name: 'Łukasz & Co', kind: 'business', iban: 'NL91ABNA0417164300', bic: null }),
    remittance: 'Payout WD-SEPA-0002',
  },
];

/** Each rail's file as the batcher writes it: its settlement date from the landing of the moment it is created. */
const FILES: { name: string; rail: RailName; file: PaymentFile; fileOfDay?: number }[] = [
  {
    name: 'sepa.pain001.xml',
    rail: 'SEPA',
    file: { ...header, executionDate: '2026-11-24', debtor: eurDebtor, payments: sepaPayments },
  },
  {
    name: 'sepa-instant.pain001.xml',
    rail: 'SEPA_INSTANT',
    file: { ...header, executionDate: '2026-11-24', debtor: eurDebtor, payments: sepaPayments },
  },
  {
    name: 'swift.pain001.xml',
    rail: 'SWIFT',
    file: {
      ...header,
      executionDate: '2026-11-24',
      debtor: usdDebtor,
      payments: [
        {
          endToEndId: 'WD-SWFT-0001',
          amount: '1250',
          creditor: creditor({
            name: 'Maple Ltd',
            kind: 'business',
            bic: 'ROYCCAT2XXX',
            accountNumber: '001234567',
            address: caAddress,
          }),
          remittance: 'Payout WD-SWFT-0001',
        },
        {
          endToEndId: 'WD-SWFT-0002',
          amount: '0.07',
          creditor: creditor({
            name: 'Jane Smith',
            bic: 'NWBKGB2LXXX',
            iban: 'GB82WEST12345698765432',
            address: caAddress,
          }),
          remittance: 'Payout WD-SWFT-0002',
        },
      ],
    },
  },
  {
    name: 'fedwire.pain001.xml',
    rail: 'FEDWIRE',
    file: {
      ...header,
      executionDate: '2026-11-24',
      debtor: { ...usdDebtor, domesticRail: 'FEDWIRE' },
      payments: [
        {
          endToEndId: 'WD-FEDW-0001',
          amount: '25000.1',
          creditor: creditor({
            name: 'Acme Corp',
            kind: 'business',
            accountNumber: '987654321',
            routingNumber: '026009593',
            address: usAddress,
          }),
          remittance: 'Payout WD-FEDW-0001',
        },
      ],
    },
  },
  {
    name: 'ach.nacha.ach',
    rail: 'ACH',
    fileOfDay: 2,
    file: {
      ...header,
      executionDate: '2026-11-24',
      debtor: usdDebtor,
      payments: [
        {
          endToEndId: 'WD-AAAA-0001',
          amount: '250',
          creditor: creditor({ name: 'Zoë Doe', accountNumber: '987654321', routingNumber: '026009593' }),
          remittance: 'Payout WD-AAAA-0001',
        },
        {
          endToEndId: 'WD-AAAA-0002',
          amount: '1000.05',
          creditor: creditor({
            name: 'Acme Corp',
            kind: 'business',
            accountNumber: '12-34a',
            routingNumber: '011000015',
          }),
          remittance: 'Payout WD-AAAA-0002',
        },
        {
          endToEndId: 'WD-AAAA-0003',
          amount: '0.01',
          creditor: creditor({ name: '李雷', accountNumber: '5555', routingNumber: '021000021' }),
          remittance: '',
        },
      ],
    },
  },
];

describe('golden payment files', () => {
  it.each(FILES)('$rail writes $name byte for byte', ({ name, rail, file, fileOfDay }) => {
    const createdAt = new Date(file.createdAt);
    const amounts = file.payments.map((payment) => payment.amount);
    const { settlementDate } = railLanding(rail, file.debtor, createdAt, amounts);
    expectGolden(name, writeRailFile(rail, file, { createdAt, debtor: file.debtor, settlementDate, fileOfDay }));
  });

  it('ACH writes its prenote file (ach-prenote.nacha.ach) byte for byte', () => {
    const createdAt = new Date(CREATED_AT);
    const prenotes: PaymentFile = {
      ...header,
      executionDate: '2026-11-24',
      debtor: usdDebtor,
      payments: [
        {
          endToEndId: 'PN-3F9A0C12B7E4',
          amount: '0.00',
          creditor: creditor({ name: 'Jane Doe', accountNumber: '987654321', routingNumber: '026009593' }),
          remittance: 'Prenote',
        },
        {
          endToEndId: 'PN-77B1E0A9C5D2',
          amount: '0.00',
          creditor: creditor({
            name: 'Acme Corp',
            kind: 'business',
            accountNumber: '4444',
            routingNumber: '011000015',
          }),
          remittance: 'Prenote',
        },
      ],
    };
    const text = RAIL_FILES.ACH.writePrenotes(prenotes, { createdAt, debtor: usdDebtor, settlementDate: '2026-11-25' });
    expectGolden('ach-prenote.nacha.ach', text);
  });
});

const camt = (rail: RailName, entries: DebitNotificationInput['entries']): DebitNotificationInput => ({
  messageId: 'CAMT-0001',
  createdAt: '2026-11-25T16:00:00.000Z',
  account: { iban: eurDebtor.iban },
  rail,
  entries,
});

const returned = {
  originalTraceNumber: '021000020000002',
  routingNumber: '026009593',
  accountNumber: '987654321',
  name: 'Zoë Doe',
};
const nachaReturns = (entries: NachaReturnFileInput['entries']): NachaReturnFileInput => ({
  createdAt: '2026-11-27T20:01:00.000Z',
  originatingBank: SANDBOX_IDENTIFIERS.routingNumber,
  returningBank: '026009593',
  companyName: 'Sandbox payouts',
  companyId: SANDBOX_IDENTIFIERS.achCompanyId,
  entries,
});

describe('golden bank reports', () => {
  it('pain.002 (a file accepted, one payment rejected with a reason) byte for byte', () => {
    const report = writePain002({
      messageId: 'PAIN002-0001',
      createdAt: '2026-11-24T11:00:00.000Z',
      originalMessageId: header.messageId,
      fileStatus: 'PART',
      fileReason: { code: 'NARR', text: 'Some payments were rejected' },
      paymentInfoId: `${header.messageId}-1`,
      payments: [
        { endToEndId: 'WD-SEPA-0001', status: 'ACCP' },
        { endToEndId: 'WD-SEPA-0002', status: 'RJCT', reason: { code: 'AC04', text: 'Account closed' } },
      ],
    });
    expectGolden('pain002.xml', report);
  });

  it('camt.054 booking payments (a date and a date-time) byte for byte', () => {
    const report = writeCamt054(
      camt('SEPA', [
        { endToEndId: 'WD-SEPA-0001', amount: '99.5', currency: 'EUR', bookingDate: '2026-11-25' },
        { endToEndId: 'WD-SEPA-0002', amount: '1200', currency: 'EUR', bookingDate: '2026-11-25T09:30:00.000Z' },
      ]),
    );
    expectGolden('camt054-booked.xml', report);
  });

  it('camt.054 with returns (an ISO reason, a NACHA R-code, a file before rails) byte for byte', () => {
    const report = writeCamt054(
      camt('SEPA', [
        {
          endToEndId: 'WD-SEPA-0001',
          amount: '99.5',
          currency: 'EUR',
          bookingDate: '2026-11-27',
          returnReason: { code: 'AC04', text: 'Account closed' },
        },
      ]),
    );
    expectGolden('camt054-returned.xml', report);
    const ach = writeCamt054({
      ...camt('ACH', [
        { endToEndId: 'WD-AAAA-0001', amount: '250', currency: 'USD', bookingDate: '2026-11-25' },
        {
          endToEndId: 'WD-AAAA-0002',
          amount: '1000.05',
          currency: 'USD',
          bookingDate: '2026-11-27',
          returnReason: { code: 'R01' },
        },
      ]),
      account: { accountNumber: usdDebtor.accountNumber },
    });
    expectGolden('camt054-ach-returned.xml', ach);
    const beforeRails = writeCamt054({
      ...camt('SEPA', [{ endToEndId: 'WD-OLD-0001', amount: '10', currency: 'USD', bookingDate: '2026-11-25' }]),
      account: { accountNumber: usdDebtor.accountNumber },
      rail: null,
    });
    expectGolden('camt054-before-rails.xml', beforeRails);
  });

  it('NACHA returns (a CCD and a PPD batch) byte for byte', () => {
    const report = writeNachaReturns(
      nachaReturns([
        { kind: 'return', code: 'R01', secCode: 'PPD', amount: '250.00', identification: 'WD-AAAA-0001', ...returned },
        {
          kind: 'return',
          code: 'R03',
          secCode: 'CCD',
          amount: '1000.05',
          identification: 'WD-AAAA-0002',
          ...returned,
          originalTraceNumber: '021000020000001',
          routingNumber: '011000015',
          accountNumber: '12-34A',
          name: 'Acme Corp',
        },
        {
          kind: 'return',
          code: 'R04',
          secCode: 'PPD',
          amount: '0.01',
          identification: 'WD-AAAA-0003',
          ...returned,
          originalTraceNumber: '021000020000003',
          routingNumber: '021000021',
          accountNumber: '5555',
          name: '李雷',
        },
      ]),
    );
    expectGolden('nacha-returns.ach', report);
  });

  it('NACHA notifications of change byte for byte', () => {
    const report = writeNachaReturns(
      nachaReturns([
        {
          kind: 'notificationOfChange',
          code: 'C01',
          correctedData: '1234567890',
          amount: '0.00',
          identification: 'WD-AAAA-0001',
          ...returned,
        },
        {
          kind: 'notificationOfChange',
          code: 'C02',
          correctedData: '021000021',
          amount: '0.00',
          identification: 'PN-3F9A0C12B7E4',
          ...returned,
          name: 'Jane Doe',
        },
      ]),
    );
    expectGolden('nacha-noc.ach', report);
  });
});
