import { describe, expect, it } from 'vitest';
import { readNachaReturns } from '#shared/rails/bank/ach/nacha-returns.ts';
import { MalformedReportError } from '#shared/rails/bank/reports.ts';

/**
 * NACHA return and notification-of-change files, built here field by field from NACHA's record layouts (positions
 * as the layouts number them, alphanumeric fields left-justified and space-filled, numeric ones right-justified and
 * zero-filled), and read back.
 */
type Field = [from: number, to: number, value: string | number, kind?: 'N'];

function record(fields: Field[]): string {
  const chars = Array.from({ length: 94 }, () => ' ');
  for (const [from, to, value, kind] of fields) {
    const width = to - from + 1;
    const text = kind === 'N' ? String(value).padStart(width, '0') : String(value).padEnd(width, ' ');
    if (text.length !== width) throw new Error(`${value} does not fit positions ${from}-${to}`);
    chars.splice(from - 1, width, ...text);
  }
  return chars.join('');
}

const fileHeader = () =>
  record([
    [1, 1, '1'],
    [2, 3, '01'],
    [4, 13, ' 021000021'],
    [14, 23, ' 091000019'],
    [24, 29, '261124'],
    [30, 33, '0930'],
    [34, 34, 'A'],
    [35, 37, '094'],
    [38, 39, '10'],
    [40, 40, '1'],
    [41, 63, 'COMPOSE PAYOUTS BANK'],
    [64, 86, 'RETURNING BANK'],
  ]);

const batchHeader = (sec: string, batch: number) =>
  record([
    [1, 1, '5'],
    [2, 4, '220'],
    [5, 20, 'COMPOSE PAYOUTS'],
    [41, 50, '1234567890'],
    [51, 53, sec],
    [54, 63, 'PAYOUT'],
    [70, 75, '261125'],
    [79, 79, '1'],
    [80, 87, '09100001'],
    [88, 94, batch, 'N'],
  ]);

type Entry = { rdfi: string; account: string; cents: number; id: string; name: string; trace: string; code?: string };

const entryDetail = (entry: Entry) =>
  record([
    [1, 1, '6'],
    [2, 3, entry.code ?? '21'],
    [4, 11, entry.rdfi],
    [12, 12, '1'],
    [13, 29, entry.account],
    [30, 39, entry.cents, 'N'],
    [40, 54, entry.id],
    [55, 76, entry.name],
    [79, 79, '1'],
    [80, 94, entry.trace],
  ]);

const returnAddenda = (code: string, originalTrace: string, rdfi: string, death = '') =>
  record([
    [1, 1, '7'],
    [2, 3, '99'],
    [4, 6, code],
    [7, 21, originalTrace],
    [22, 27, death],
    [28, 35, rdfi],
    [36, 79, 'ACCOUNT CLOSED BY CUSTOMER'],
    [80, 94, '091000010000001'],
  ]);

const changeAddenda = (code: string, originalTrace: string, rdfi: string, corrected: string) =>
  record([
    [1, 1, '7'],
    [2, 3, '98'],
    [4, 6, code],
    [7, 21, originalTrace],
    [28, 35, rdfi],
    [36, 64, corrected],
    [80, 94, '091000010000002'],
  ]);

type Totals = { count: number; hash: number; debit: number; credit: number };

const batchControl = (t: Totals, batch: number) =>
  record([
    [1, 1, '8'],
    [2, 4, '220'],
    [5, 10, t.count, 'N'],
    [11, 20, t.hash % 10_000_000_000, 'N'],
    [21, 32, t.debit, 'N'],
    [33, 44, t.credit, 'N'],
    [45, 54, '1234567890'],
    [80, 87, '09100001'],
    [88, 94, batch, 'N'],
  ]);

const fileControl = (batches: number, records: number, t: Totals) =>
  record([
    [1, 1, '9'],
    [2, 7, batches, 'N'],
    [8, 13, Math.ceil(records / 10), 'N'],
    [14, 21, t.count, 'N'],
    [22, 31, t.hash % 10_000_000_000, 'N'],
    [32, 43, t.debit, 'N'],
    [44, 55, t.credit, 'N'],
  ]);

const returned: Entry = {
  rdfi: '02100002',
  account: '000123456789',
  cents: 2024,
  id: 'WD-7K3M-9QX2',
  name: 'ZOE AERO',
  trace: '021000020000101',
};
const corrected: Entry = { ...returned, cents: 0, id: 'WD-7K3M-9QX3', trace: '021000020000102' };

/** A file with a return batch (PPD) and a notification-of-change batch (COR), blocked by ten. */
function returnFile(overrides: { returnCode?: string; batchCount?: number; death?: string } = {}) {
  const totals = (entries: Entry[]): Totals => ({
    count: entries.length * 2,
    hash: entries.reduce((sum, e) => sum + Number(e.rdfi), 0),
    debit: 0,
    credit: entries.reduce((sum, e) => sum + e.cents, 0),
  });
  const first = totals([returned]);
  const second = totals([corrected]);
  const all = totals([returned, corrected]);
  const lines = [
    fileHeader(),
    batchHeader('PPD', 1),
    entryDetail(returned),
    returnAddenda(overrides.returnCode ?? 'R02', '091000010000017', '02100002', overrides.death),
    batchControl({ ...first, count: overrides.batchCount ?? first.count }, 1),
    batchHeader('COR', 2),
    entryDetail(corrected),
    changeAddenda('C01', '091000010000018', '02100002', '000987654321'),
    batchControl(second, 2),
  ];
  lines.push(fileControl(2, lines.length + 1, all));
  while (lines.length % 10 !== 0) lines.push('9'.repeat(94));
  return `${lines.join('\n')}\n`;
}

describe('the NACHA return and notification-of-change reader', () => {
  it('reads a return (addenda 99) and a notification of change (addenda 98) with their entries', () => {
    const file = readNachaReturns(returnFile());

    expect(file).toMatchObject({
      createdOn: '2026-11-24',
      immediateDestination: '021000021',
      immediateOrigin: '091000019',
    });
    expect(file.entries).toEqual([
      {
        kind: 'return',
        code: 'R02',
        meaning: 'Account closed',
        originalTraceNumber: '091000010000017',
        originalReceivingBank: '02100002',
        odfi: '02100002',
        companyId: '1234567890',
        transactionCode: '21',
        amount: '20.24',
        accountNumber: '000123456789',
        identification: 'WD-7K3M-9QX2',
        name: 'ZOE AERO',
        secCode: 'PPD',
        traceNumber: '021000020000101',
        dateOfDeath: null,
        information: 'ACCOUNT CLOSED BY CUSTOMER',
      },
      {
        kind: 'notificationOfChange',
        code: 'C01',
        meaning: 'Incorrect account number',
        originalTraceNumber: '091000010000018',
        originalReceivingBank: '02100002',
        odfi: '02100002',
        companyId: '1234567890',
        transactionCode: '21',
        amount: '0.00',
        accountNumber: '000123456789',
        identification: 'WD-7K3M-9QX3',
        name: 'ZOE AERO',
        secCode: 'COR',
        traceNumber: '021000020000102',
        correctedData: '000987654321',
      },
    ]);
  });

  it('accepts CRLF line ends and a date of death on an R15', () => {
    const file = returnFile({ returnCode: 'R15', death: '261101' }).replace(/\n/g, '\r\n');
    expect(readNachaReturns(file).entries[0]).toMatchObject({
      code: 'R15',
      meaning: 'Beneficiary or account holder deceased',
      dateOfDeath: '2026-11-01',
    });
  });

  it('refuses what does not follow the layouts or whose totals do not add up', () => {
    const good = returnFile();
    const lines = good.split('\n');
    const cases: [string, string, RegExp][] = [
      ['a short record', good.replace(lines[2] ?? '', (lines[2] ?? '').slice(0, 93)), /Record 3 is 93 characters/],
      ['an unknown return code', returnFile({ returnCode: 'R99' }), /Unknown return reason R99/],
      ['a wrong batch count', returnFile({ batchCount: 4 }), /Batch control: 4 entries and addenda declared, 2 found/],
      ['an amount changed', good.replace('0000002024', '0000002025'), /total debit or credit does not add up/],
      ['no file control', lines.slice(0, 9).join('\n'), /No file control record/],
      ['no addenda', [...lines.slice(0, 3), ...lines.slice(4)].join('\n'), /must have its addenda record|was expected/],
      ['not a NACHA file', '<Document/>', /is 11 characters/],
    ];
    for (const [what, text, error] of cases) {
      expect(() => readNachaReturns(text), what).toThrow(MalformedReportError);
      expect(() => readNachaReturns(text), what).toThrow(error);
    }
  });
});
