import { MalformedReportError } from '#shared/rails/bank/reports.ts';
import {
  NACHA_CHANGE_CODES,
  NACHA_RETURN_REASONS,
  type NachaChangeCode,
  type NachaReturnReason,
} from '#shared/rails/bank/return-reasons.ts';

/**
 * Reader of a NACHA return file: what the receiving banks sent back of an ACH file, as the originating bank passes it
 * on. Pure: text in, entries out. Each entry detail record (type 6) is followed by one addenda record (type 7):
 * addenda type 99 is a return (the payment did not reach the account: `R01`-`R85`), addenda type 98 a notification
 * of change (the payment arrived, but the bank details must be corrected before the next one: `C01`-`C14`). The
 * record layouts are NACHA's (94-character records; files are blocked by ten with `9`-filled records); anything that
 * does not follow them, or whose batch and file control totals do not add up, is a `MalformedReportError`, so the
 * caller quarantines the file instead of guessing.
 */

type Common = {
  /** The ACH entry this answers: trace number of the original entry (addenda positions 7-21). */
  originalTraceNumber: string;
  /** The receiving bank of the original entry (8 digits, addenda positions 28-35). */
  originalReceivingBank: string;
  /**
   * The bank the entry goes back to (8 digits, entry detail positions 4-11, its receiving DFI): the originating bank
   * of the original entry.
   */
  odfi: string;
  /** The originator's company identification, as the original batch had it (batch header positions 41-50). */
  companyId: string;
  /** The entry detail record's transaction code: `21`/`31` a credit to checking/savings returned or corrected. */
  transactionCode: string;
  /** The amount of the entry, dollars with two decimals (`20.24`); `0.00` for a notification of change. */
  amount: string;
  accountNumber: string;
  /** The individual or receiving company identification of the original entry, as the originator wrote it. */
  identification: string;
  name: string;
  /** SEC code of the batch (`PPD`, `CCD`; `COR` for notifications of change). */
  secCode: string;
  /** This entry's own trace number (assigned by the returning bank). */
  traceNumber: string;
};

export type NachaReturn = Common & {
  kind: 'return';
  code: NachaReturnReason;
  meaning: string;
  /** `YYYY-MM-DD` (R14/R15), else null. */
  dateOfDeath: string | null;
  information: string;
};

export type NachaNotificationOfChange = Common & {
  kind: 'notificationOfChange';
  code: NachaChangeCode;
  meaning: string;
  /** The corrected data as the bank wrote it (positions 36-64): an account number, a routing number, both, ... */
  correctedData: string;
};

export type NachaReturnFile = {
  /** `YYYY-MM-DD`, from the file header. */
  createdOn: string;
  /** The file header's parties (positions 4-13 and 14-23), trimmed: to whom and from whom the file was sent. */
  immediateDestination: string;
  immediateOrigin: string;
  entries: (NachaReturn | NachaNotificationOfChange)[];
};

const RECORD_LENGTH = 94;

/** 1-based inclusive positions, as NACHA's layouts give them. */
const field = (record: string, from: number, to: number) => record.slice(from - 1, to);
const trimmed = (record: string, from: number, to: number) => field(record, from, to).trim();

function digits(record: string, from: number, to: number, what: string): string {
  const value = field(record, from, to);
  if (!/^\d+$/.test(value)) throw new MalformedReportError(`${what} (positions ${from}-${to}) is not numeric`);
  return value;
}

/** `YYMMDD` -> `YYYY-MM-DD` (NACHA dates are of this century). */
function date(yymmdd: string, what: string): string {
  const match = /^(\d\d)(\d\d)(\d\d)$/.exec(yymmdd);
  const [, yy, mm, dd] = match ?? [];
  const iso = `20${yy}-${mm}-${dd}`;
  if (!match || Number.isNaN(Date.parse(`${iso}T00:00:00Z`))) throw new MalformedReportError(`${what} is not a date`);
  return iso;
}

const dollars = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/** Transaction codes ending 1-4 are credits (returns of credits among them), 6-9 debits. */
const isCredit = (transactionCode: string) => /[1-4]$/.test(transactionCode);

type Totals = { count: number; hash: bigint; debit: bigint; credit: bigint };

function checkControl(
  record: string,
  totals: Totals,
  at: { count: [number, number]; hash: [number, number] },
  what: string,
) {
  const count = Number(digits(record, ...at.count, `${what} entry/addenda count`));
  const hash = BigInt(digits(record, ...at.hash, `${what} entry hash`));
  const debitFrom = at.hash[1] + 1;
  const debit = BigInt(digits(record, debitFrom, debitFrom + 11, `${what} total debit`));
  const credit = BigInt(digits(record, debitFrom + 12, debitFrom + 23, `${what} total credit`));
  if (count !== totals.count)
    throw new MalformedReportError(`${what}: ${count} entries and addenda declared, ${totals.count} found`);
  if (hash !== totals.hash % 10_000_000_000n) throw new MalformedReportError(`${what}: entry hash does not add up`);
  if (debit !== totals.debit || credit !== totals.credit) {
    throw new MalformedReportError(`${what}: total debit or credit does not add up`);
  }
}

type Batch = { secCode: string; companyId: string };

function addendaEntry(entry: string, addenda: string, batch: Batch): NachaReturn | NachaNotificationOfChange {
  const transactionCode = digits(entry, 2, 3, 'Transaction code');
  const common: Common = {
    originalTraceNumber: digits(addenda, 7, 21, 'Original entry trace number'),
    originalReceivingBank: digits(addenda, 28, 35, 'Original receiving DFI identification'),
    odfi: digits(entry, 4, 11, 'Receiving DFI identification'),
    companyId: batch.companyId,
    transactionCode,
    amount: dollars(BigInt(digits(entry, 30, 39, 'Amount'))),
    accountNumber: trimmed(entry, 13, 29),
    identification: trimmed(entry, 40, 54),
    name: trimmed(entry, 55, 76),
    secCode: batch.secCode,
    traceNumber: digits(entry, 80, 94, 'Trace number'),
  };
  const type = field(addenda, 2, 3);
  const code = field(addenda, 4, 6);
  if (type === '99') {
    if (!Object.hasOwn(NACHA_RETURN_REASONS, code)) throw new MalformedReportError(`Unknown return reason ${code}`);
    const reason = code as NachaReturnReason;
    const death = field(addenda, 22, 27);
    return {
      kind: 'return',
      ...common,
      code: reason,
      meaning: NACHA_RETURN_REASONS[reason],
      dateOfDeath: death.trim() === '' ? null : date(death, 'Date of death'),
      information: trimmed(addenda, 36, 79),
    };
  }
  if (type === '98') {
    if (!Object.hasOwn(NACHA_CHANGE_CODES, code)) throw new MalformedReportError(`Unknown change code ${code}`);
    const change = code as NachaChangeCode;
    return {
      kind: 'notificationOfChange',
      ...common,
      code: change,
      meaning: NACHA_CHANGE_CODES[change],
      correctedData: trimmed(addenda, 36, 64),
    };
  }
  throw new MalformedReportError(`Addenda type ${type} is not a return (99) or a notification of change (98)`);
}

/** Reads a NACHA return or notification-of-change file whole, or throws `MalformedReportError`. */
export function readNachaReturns(text: string): NachaReturnFile {
  const records = text.split(/\r?\n/).filter((line, index, all) => line !== '' || index < all.length - 1);
  for (const [index, record] of records.entries()) {
    if (record.length !== RECORD_LENGTH) {
      throw new MalformedReportError(`Record ${index + 1} is ${record.length} characters, not ${RECORD_LENGTH}`);
    }
  }
  const [header] = records;
  if (!header || field(header, 1, 1) !== '1') throw new MalformedReportError('No file header record (type 1)');
  const file: NachaReturnFile = {
    createdOn: date(field(header, 24, 29), 'File creation date'),
    immediateDestination: trimmed(header, 4, 13),
    immediateOrigin: trimmed(header, 14, 23),
    entries: [],
  };
  const fileTotals: Totals = { count: 0, hash: 0n, debit: 0n, credit: 0n };
  let batches = 0;
  let at = 1;
  let ended = false;
  while (at < records.length) {
    const record = records[at] ?? '';
    const type = field(record, 1, 1);
    if (ended) {
      if (!/^9{94}$/.test(record)) throw new MalformedReportError(`Record ${at + 1} follows the file control record`);
      at++;
      continue;
    }
    if (type === '9') {
      const declared = Number(digits(record, 2, 7, 'File batch count'));
      if (declared !== batches)
        throw new MalformedReportError(`File control: ${declared} batches declared, ${batches} found`);
      checkControl(record, fileTotals, { count: [14, 21], hash: [22, 31] }, 'File control');
      ended = true;
      at++;
      continue;
    }
    if (type !== '5') throw new MalformedReportError(`Record ${at + 1}: a batch header (type 5) was expected`);
    const batch = { secCode: field(record, 51, 53), companyId: trimmed(record, 41, 50) };
    const totals: Totals = { count: 0, hash: 0n, debit: 0n, credit: 0n };
    at++;
    while (field(records[at] ?? '', 1, 1) === '6') {
      const entry = records[at] ?? '';
      const addenda = records[at + 1] ?? '';
      if (field(entry, 79, 79) !== '1' || field(addenda, 1, 1) !== '7') {
        throw new MalformedReportError(`Record ${at + 1}: a return entry must have its addenda record`);
      }
      const read = addendaEntry(entry, addenda, batch);
      file.entries.push(read);
      totals.count += 2;
      totals.hash += BigInt(digits(entry, 4, 11, 'Receiving DFI identification'));
      const cents = BigInt(digits(entry, 30, 39, 'Amount'));
      if (isCredit(read.transactionCode)) totals.credit += cents;
      else totals.debit += cents;
      at += 2;
    }
    const control = records[at] ?? '';
    if (field(control, 1, 1) !== '8')
      throw new MalformedReportError(`Record ${at + 1}: a batch control (type 8) was expected`);
    checkControl(control, totals, { count: [5, 10], hash: [11, 20] }, 'Batch control');
    fileTotals.count += totals.count;
    fileTotals.hash += totals.hash;
    fileTotals.debit += totals.debit;
    fileTotals.credit += totals.credit;
    batches++;
    at++;
  }
  if (!ended) throw new MalformedReportError('No file control record (type 9)');
  return file;
}
