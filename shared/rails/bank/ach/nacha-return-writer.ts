import { toSepaText } from '#shared/rails/bank/characters.ts';
import { sumCents } from '#shared/rails/bank/payment-file.ts';
import type { NachaChangeCode, NachaReturnReason } from '#shared/rails/bank/return-reasons.ts';

/**
 * Writer of a NACHA return / notification-of-change file, as a receiving bank sends one back through the
 * originating bank: what the sandbox bank and the sandbox return route put in the inbox (`nacha-returns.ts` reads
 * it). The originating bank passes it on to the originator: the file header is the original's turned around (from
 * the ODFI's routing number, to the originator's company id), each batch carries the original company id and, as
 * its originating DFI, the returning bank's. Each entry goes to the ODFI (its receiving DFI) with the original
 * account, amount, identification (the payout's reference) and name, transaction code 21 (a returned or corrected
 * credit to checking) and its addenda: 99 with the R-code for a return, 98 with the C-code and the corrected data for
 * a notification of change (amount zero, batch SEC code `COR`), each with the original trace number and receiving
 * bank. NACHA's record layouts: 94 characters, controls totalled, blocked by ten.
 */

type Original = {
  /** The original entry's trace number (15 digits). */
  originalTraceNumber: string;
  /** The receiving bank's routing number (9 digits). */
  routingNumber: string;
  accountNumber: string;
  /** Dollars with two decimals, as the original entry carried it. */
  amount: string;
  identification: string;
  name: string;
};

export type ReturnedEntry =
  | (Original & { kind: 'return'; code: NachaReturnReason; secCode: 'CCD' | 'PPD' })
  | (Original & { kind: 'notificationOfChange'; code: NachaChangeCode; correctedData: string });

export type NachaReturnFileInput = {
  createdAt: string;
  /** The originating bank (the payout account's routing number), to which the returns go and which passes them on. */
  originatingBank: string;
  /** The bank sending the returns (the ACH operator or the receiving bank). */
  returningBank: string;
  companyName: string;
  /** The originator's company id, as its file and batches named it. */
  companyId: string;
  entries: ReturnedEntry[];
};

const LENGTH = 94;
const BLOCKING_FACTOR = 10;

/** 1-based inclusive positions, as NACHA's layouts number them; `N` fields right-justified and zero-filled. */
type Field = [from: number, to: number, value: string | number | bigint, kind?: 'N'];

function record(fields: Field[]): string {
  const chars = Array.from({ length: LENGTH }, () => ' ');
  for (const [from, to, value, kind] of fields) {
    const width = to - from + 1;
    const raw = kind === 'N' || value === '' ? String(value) : toSepaText(String(value), width).toUpperCase();
    const text = kind === 'N' ? raw.padStart(width, '0') : raw.padEnd(width, ' ').slice(0, width);
    if (text.length !== width) throw new Error(`${value} does not fit positions ${from}-${to}`);
    chars.splice(from - 1, width, ...text);
  }
  return chars.join('');
}

const yymmdd = (iso: string) => iso.slice(2, 10).replaceAll('-', '');

export function writeNachaReturns(input: NachaReturnFileInput): string {
  const returning = input.returningBank.slice(0, 8);
  const odfi = input.originatingBank;
  const lines = [
    record([
      [1, 1, '1'],
      [2, 3, '01'],
      [4, 13, input.companyId],
      [14, 23, ` ${input.originatingBank}`],
      [24, 29, yymmdd(input.createdAt)],
      [30, 33, input.createdAt.slice(11, 16).replace(':', '')],
      [34, 34, 'A'],
      [35, 37, '094'],
      [38, 39, String(BLOCKING_FACTOR)],
      [40, 40, '1'],
      [64, 86, input.companyName],
    ]),
  ];
  const secOf = (entry: ReturnedEntry) => (entry.kind === 'return' ? entry.secCode : 'COR');
  const batches = [...new Set(input.entries.map(secOf))];
  let trace = 0;
  const file = { count: 0, hash: 0n, credit: 0n };
  batches.forEach((sec, index) => {
    const entries = input.entries.filter((entry) => secOf(entry) === sec);
    lines.push(
      record([
        [1, 1, '5'],
        [2, 4, '220'],
        [5, 20, input.companyName],
        [41, 50, input.companyId],
        [51, 53, sec],
        [54, 63, 'PAYOUT'],
        [70, 75, yymmdd(input.createdAt)],
        [79, 79, '1'],
        [80, 87, returning],
        [88, 94, index + 1, 'N'],
      ]),
    );
    let hash = 0n;
    let credit = 0n;
    for (const entry of entries) {
      const cents = entry.kind === 'return' ? sumCents([entry.amount]) : 0n;
      const traceNumber = `${returning}${String(++trace).padStart(7, '0')}`;
      const receivingBank = entry.routingNumber.slice(0, 8);
      const addenda: Field[] =
        entry.kind === 'return'
          ? [
              [2, 3, '99'],
              [4, 6, entry.code],
              [36, 79, ''],
            ]
          : [
              [2, 3, '98'],
              [4, 6, entry.code],
              [36, 64, entry.correctedData],
            ];
      lines.push(
        record([
          [1, 1, '6'],
          [2, 3, '21'],
          [4, 11, odfi.slice(0, 8)],
          [12, 12, odfi.slice(8, 9)],
          [13, 29, entry.accountNumber],
          [30, 39, cents, 'N'],
          [40, 54, entry.identification],
          [55, 76, entry.name],
          [79, 79, '1'],
          [80, 94, traceNumber],
        ]),
        record([
          [1, 1, '7'],
          ...addenda,
          [7, 21, entry.originalTraceNumber, 'N'],
          [28, 35, receivingBank],
          [80, 94, traceNumber],
        ]),
      );
      hash += BigInt(odfi.slice(0, 8));
      credit += cents;
    }
    lines.push(
      record([
        [1, 1, '8'],
        [2, 4, '220'],
        [5, 10, entries.length * 2, 'N'],
        [11, 20, hash % 10_000_000_000n, 'N'],
        [21, 32, 0, 'N'],
        [33, 44, credit, 'N'],
        [45, 54, input.companyId],
        [80, 87, returning],
        [88, 94, index + 1, 'N'],
      ]),
    );
    file.count += entries.length * 2;
    file.hash += hash;
    file.credit += credit;
  });
  const blocks = Math.ceil((lines.length + 1) / BLOCKING_FACTOR);
  lines.push(
    record([
      [1, 1, '9'],
      [2, 7, batches.length, 'N'],
      [8, 13, blocks, 'N'],
      [14, 21, file.count, 'N'],
      [22, 31, file.hash % 10_000_000_000n, 'N'],
      [32, 43, 0, 'N'],
      [44, 55, file.credit, 'N'],
    ]),
  );
  while (lines.length % BLOCKING_FACTOR !== 0) lines.push('9'.repeat(LENGTH));
  return `${lines.join('\n')}\n`;
}
