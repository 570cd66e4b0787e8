import { describe, expect, it } from 'vitest';
import { writeNachaReturns } from '#shared/rails/bank/ach/nacha-return-writer.ts';
import { readNachaReturns } from '#shared/rails/bank/ach/nacha-returns.ts';
import { parseInboxReport } from '#shared/rails/bank/inbox-report.ts';
import { writeCamt054 } from '#shared/rails/bank/report-writer.ts';

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
