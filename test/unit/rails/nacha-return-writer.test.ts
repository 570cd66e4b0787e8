import { describe, expect, it } from 'vitest';
import { writeNacha } from '#shared/rails/bank/ach/nacha.ts';
import { writeNachaReturns } from '#shared/rails/bank/ach/nacha-return-writer.ts';
import { readNachaReturns } from '#shared/rails/bank/ach/nacha-returns.ts';
import { parseInboxReport } from '#shared/rails/bank/inbox-report.ts';
import { writeCamt054 } from '#shared/rails/bank/report-writer.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';

/** The sandbox's NACHA return file is what the reader reads (controls, blocking), and the inbox tells it by content. */
const original = {
  originalTraceNumber: '021000020000002',
  routingNumber: '026009593',
  accountNumber: '12345678901234567',
  identification: 'WD-AB12-CD34',
  name: 'Zoë Ærø',
};
const file = writeNachaReturns({
  createdAt: '2026-11-26T20:01:00.000Z',
  originatingBank: '021000021',
  returningBank: '026009593',
  companyName: 'Sandbox payouts',
  companyId: '1123456789',
  entries: [
    { kind: 'return', code: 'R01', secCode: 'CCD', amount: '1234.56', ...original },
    { kind: 'notificationOfChange', code: 'C02', correctedData: '021000021', amount: '0.00', ...original },
  ],
});

describe('NACHA return file writer', () => {
  it('writes 94-character records blocked by ten that read back entry by entry', () => {
    const lines = file.split('\n').slice(0, -1);
    expect(lines.every((line) => line.length === 94)).toBe(true);
    expect(lines.length % 10).toBe(0);
    const read = readNachaReturns(file);
    expect(read.createdOn).toBe('2026-11-26');
    // The originating bank passes it on: from its routing number to the originator's company id.
    expect(read).toMatchObject({ immediateDestination: '1123456789', immediateOrigin: '021000021' });
    expect(read.entries).toMatchObject([
      {
        kind: 'return',
        code: 'R01',
        amount: '1234.56',
        secCode: 'CCD',
        identification: 'WD-AB12-CD34',
        accountNumber: '12345678901234567',
        originalReceivingBank: '02600959',
        originalTraceNumber: '021000020000002',
        odfi: '02100002',
        companyId: '1123456789',
        name: 'ZOE AERO',
      },
      { kind: 'notificationOfChange', code: 'C02', amount: '0.00', secCode: 'COR', correctedData: '021000021' },
    ]);
  });
});

describe('NACHA return entries', () => {
  it('leave a name with no character of the NACHA set blank, as the original entry wrote it', () => {
    const returned = writeNachaReturns({
      createdAt: '2026-11-26T20:01:00.000Z',
      originatingBank: '021000021',
      returningBank: '026009593',
      companyName: 'Sandbox payouts',
      companyId: '1123456789',
      entries: [{ kind: 'return', code: 'R04', secCode: 'PPD', amount: '0.01', ...original, name: '李雷' }],
    });
    const sent = writeNacha(
      {
        messageId: '0f3c9a8e5b7d4c1a9e2f6b8d0c4a7e13',
        createdAt: '2026-11-24T10:15:30.123Z',
        executionDate: '2026-11-24',
        initiatingParty: 'Sandbox payouts',
        debtor: {
          currency: 'USD',
          name: 'Sandbox payouts',
          accountNumber: '1',
          routingNumber: '021000021',
          achCompanyId: '1123456789',
        },
        payments: [
          {
            endToEndId: original.identification,
            amount: '0.01',
            creditor: {
              name: '李雷',
              kind: 'individual',
              iban: null,
              accountNumber: original.accountNumber,
              bic: null,
              routingNumber: original.routingNumber,
              address: null,
            },
            remittance: '',
          },
        ],
      },
      { effectiveDate: '2026-11-25', fileIdModifier: 'A' },
    );
    const nameOf = (file: string) => parseNacha(file).find((record) => record.type === '6')?.fields.individualName;

    expect(nameOf(sent)).toBe(' '.repeat(22));
    expect(nameOf(returned)).toBe(nameOf(sent));
    expect(readNachaReturns(returned).entries[0]?.name).toBe('');
  });
});

describe('inbox reports told by content', () => {
  it('reads a file whose first record is a NACHA file header as NACHA returns, and XML as ISO 20022', () => {
    expect(parseInboxReport(new TextEncoder().encode(file)).kind).toBe('nacha-returns');
    const camt = writeCamt054({
      messageId: 'M',
      createdAt: '2026-11-26T20:01:00.000Z',
      account: { accountNumber: '1' },
      rail: 'ACH',
      entries: [],
    });
    expect(parseInboxReport(camt).kind).toBe('camt.054');
    expect(() => parseInboxReport(`${file.slice(0, 93)}\n`)).toThrow(/Not well-formed/);
  });
});
