import {
  NACHA_FILLER,
  NACHA_RECORD_LENGTH,
  NACHA_RECORDS,
  type NachaField,
  nachaField,
} from '#shared/rails/bank/ach/nacha-layout.ts';
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
 * of change (the payment arrived, but the bank details must be corrected before the next one: `C01`-`C14`). Each
 * record is cut by its layout (`nacha-layout.ts`); anything that does not follow them, or whose batch and file control
 * totals do not add up, is a `MalformedReportError`, so the caller quarantines the file instead of guessing.
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

const {
  fileHeader,
  batchHeader,
  entry: ENTRY,
  returnAddenda,
  changeAddenda,
  batchControl,
  fileControl,
} = NACHA_RECORDS;

const trimmed = (record: string, field: NachaField) => nachaField(record, field).trim();

function digits(record: string, field: NachaField, what: string): string {
  const value = nachaField(record, field);
  const to = field.position + field.length - 1;
  if (!/^\d+$/.test(value))
    throw new MalformedReportError(`${what} (positions ${field.position}-${to}) is not numeric`);
  return value;
}

/** The record type code of a record: its first character. */
const recordType = (record: string) => record.slice(0, 1);

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

type ControlFields = Record<'entryAddendaCount' | 'entryHash' | 'totalDebit' | 'totalCredit', NachaField>;

function checkControl(record: string, totals: Totals, layout: ControlFields, what: string) {
  const count = Number(digits(record, layout.entryAddendaCount, `${what} entry/addenda count`));
  const hash = BigInt(digits(record, layout.entryHash, `${what} entry hash`));
  const debit = BigInt(digits(record, layout.totalDebit, `${what} total debit`));
  const credit = BigInt(digits(record, layout.totalCredit, `${what} total credit`));
  if (count !== totals.count)
    throw new MalformedReportError(`${what}: ${count} entries and addenda declared, ${totals.count} found`);
  if (hash !== totals.hash % 10_000_000_000n) throw new MalformedReportError(`${what}: entry hash does not add up`);
  if (debit !== totals.debit || credit !== totals.credit) {
    throw new MalformedReportError(`${what}: total debit or credit does not add up`);
  }
}

type Batch = { secCode: string; companyId: string };

function addendaEntry(entry: string, addenda: string, batch: Batch): NachaReturn | NachaNotificationOfChange {
  const transactionCode = digits(entry, ENTRY.transactionCode, 'Transaction code');
  // A return's and a notification of change's addenda hold the original entry in the same places.
  const common: Common = {
    originalTraceNumber: digits(addenda, returnAddenda.originalEntryTraceNumber, 'Original entry trace number'),
    originalReceivingBank: digits(addenda, returnAddenda.originalReceivingDfi, 'Original receiving DFI identification'),
    odfi: digits(entry, ENTRY.receivingDfi, 'Receiving DFI identification'),
    companyId: batch.companyId,
    transactionCode,
    amount: dollars(BigInt(digits(entry, ENTRY.amount, 'Amount'))),
    accountNumber: trimmed(entry, ENTRY.dfiAccountNumber),
    identification: trimmed(entry, ENTRY.individualIdentificationNumber),
    name: trimmed(entry, ENTRY.individualName),
    secCode: batch.secCode,
    traceNumber: digits(entry, ENTRY.traceNumber, 'Trace number'),
  };
  const type = nachaField(addenda, returnAddenda.addendaTypeCode);
  const code = nachaField(addenda, returnAddenda.returnReasonCode);
  if (type === returnAddenda.addendaTypeCode.fixed) {
    if (!Object.hasOwn(NACHA_RETURN_REASONS, code)) throw new MalformedReportError(`Unknown return reason ${code}`);
    const reason = code as NachaReturnReason;
    const death = nachaField(addenda, returnAddenda.dateOfDeath);
    return {
      kind: 'return',
      ...common,
      code: reason,
      meaning: NACHA_RETURN_REASONS[reason],
      dateOfDeath: death.trim() === '' ? null : date(death, 'Date of death'),
      information: trimmed(addenda, returnAddenda.addendaInformation),
    };
  }
  if (type === changeAddenda.addendaTypeCode.fixed) {
    if (!Object.hasOwn(NACHA_CHANGE_CODES, code)) throw new MalformedReportError(`Unknown change code ${code}`);
    const change = code as NachaChangeCode;
    return {
      kind: 'notificationOfChange',
      ...common,
      code: change,
      meaning: NACHA_CHANGE_CODES[change],
      correctedData: trimmed(addenda, changeAddenda.correctedData),
    };
  }
  throw new MalformedReportError(`Addenda type ${type} is not a return (99) or a notification of change (98)`);
}

/** Reads a NACHA return or notification-of-change file whole, or throws `MalformedReportError`. */
export function readNachaReturns(text: string): NachaReturnFile {
  const records = text.split(/\r?\n/).filter((line, index, all) => line !== '' || index < all.length - 1);
  for (const [index, record] of records.entries()) {
    if (record.length !== NACHA_RECORD_LENGTH) {
      throw new MalformedReportError(`Record ${index + 1} is ${record.length} characters, not ${NACHA_RECORD_LENGTH}`);
    }
  }
  const [header] = records;
  if (!header || recordType(header) !== fileHeader.recordType.fixed) {
    throw new MalformedReportError('No file header record (type 1)');
  }
  const file: NachaReturnFile = {
    createdOn: date(nachaField(header, fileHeader.fileCreationDate), 'File creation date'),
    immediateDestination: trimmed(header, fileHeader.immediateDestination),
    immediateOrigin: trimmed(header, fileHeader.immediateOrigin),
    entries: [],
  };
  const fileTotals: Totals = { count: 0, hash: 0n, debit: 0n, credit: 0n };
  let batches = 0;
  let at = 1;
  let ended = false;
  while (at < records.length) {
    const record = records[at] ?? '';
    const type = recordType(record);
    if (ended) {
      if (record !== NACHA_FILLER) throw new MalformedReportError(`Record ${at + 1} follows the file control record`);
      at++;
      continue;
    }
    if (type === fileControl.recordType.fixed) {
      const declared = Number(digits(record, fileControl.batchCount, 'File batch count'));
      if (declared !== batches)
        throw new MalformedReportError(`File control: ${declared} batches declared, ${batches} found`);
      checkControl(record, fileTotals, fileControl, 'File control');
      ended = true;
      at++;
      continue;
    }
    if (type !== batchHeader.recordType.fixed) {
      throw new MalformedReportError(`Record ${at + 1}: a batch header (type 5) was expected`);
    }
    const batch = {
      secCode: nachaField(record, batchHeader.standardEntryClassCode),
      companyId: trimmed(record, batchHeader.companyIdentification),
    };
    const totals: Totals = { count: 0, hash: 0n, debit: 0n, credit: 0n };
    at++;
    while (recordType(records[at] ?? '') === ENTRY.recordType.fixed) {
      const entry = records[at] ?? '';
      const addenda = records[at + 1] ?? '';
      if (
        nachaField(entry, ENTRY.addendaRecordIndicator) !== '1' ||
        recordType(addenda) !== returnAddenda.recordType.fixed
      ) {
        throw new MalformedReportError(`Record ${at + 1}: a return entry must have its addenda record`);
      }
      const read = addendaEntry(entry, addenda, batch);
      file.entries.push(read);
      totals.count += 2;
      totals.hash += BigInt(digits(entry, ENTRY.receivingDfi, 'Receiving DFI identification'));
      const cents = BigInt(digits(entry, ENTRY.amount, 'Amount'));
      if (isCredit(read.transactionCode)) totals.credit += cents;
      else totals.debit += cents;
      at += 2;
    }
    const control = records[at] ?? '';
    if (recordType(control) !== batchControl.recordType.fixed)
      throw new MalformedReportError(`Record ${at + 1}: a batch control (type 8) was expected`);
    checkControl(control, totals, batchControl, 'Batch control');
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
