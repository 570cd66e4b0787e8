import { toSepaText } from '#shared/rails/bank/characters.ts';
import { UnwritablePaymentError } from '#shared/rails/bank/payment-file.ts';

/**
 * NACHA's record layouts (NACHA Operating Rules, Appendix Three: ACH record format specifications), declared once as
 * data: the file writer (`nacha.ts`), the return writer (`nacha-return-writer.ts`), the return reader
 * (`nacha-returns.ts`) and the tests build and cut every record from these. A record is 94 characters; a field is its
 * 1-based position and length, as the layouts print them, and its kind, which says how a value is justified, padded
 * and written. A field with a `fixed` value is always written with it; one left out is blank.
 */
export const NACHA_RECORD_LENGTH = 94;
/** Records per block: a file is padded with all-9 records to a multiple of it. */
export const NACHA_BLOCKING_FACTOR = 10;
export const NACHA_FILLER = '9'.repeat(NACHA_RECORD_LENGTH);

/**
 * - `numeric`: digits, right-justified, zero-filled (an amount, a count, a date `YYMMDD`, a routing number `TTTTAAAA`).
 * - `alphanumeric`: left-justified, space-filled, upper case, in the SEPA character set (`characters.ts`) that NACHA's
 *   set contains; a text with nothing left to write is blank.
 * - `routing`: a routing number after a blank (`bTTTTAAAAC`), right-justified and space-filled.
 */
export const NACHA_FIELD_KINDS = {
  numeric: { justify: 'right', pad: '0' },
  alphanumeric: { justify: 'left', pad: ' ' },
  routing: { justify: 'right', pad: ' ' },
} as const;
export type NachaFieldKind = keyof typeof NACHA_FIELD_KINDS;

export type NachaField = { position: number; length: number; kind: NachaFieldKind; fixed?: string };
export type NachaLayout = Readonly<Record<string, NachaField>>;

const numeric = (position: number, length: number) => ({ position, length, kind: 'numeric' as const });
const alphanumeric = (position: number, length: number) => ({ position, length, kind: 'alphanumeric' as const });
/** A field every record of its layout writes the same: a record type code, a format's constants. */
const constant = (position: number, length: number, fixed: string) => ({
  position,
  length,
  kind: 'numeric' as const,
  fixed,
});

export const NACHA_RECORDS = {
  fileHeader: {
    recordType: constant(1, 1, '1'),
    priorityCode: constant(2, 2, '01'),
    immediateDestination: { position: 4, length: 10, kind: 'routing' },
    immediateOrigin: alphanumeric(14, 10),
    fileCreationDate: numeric(24, 6),
    fileCreationTime: numeric(30, 4),
    fileIdModifier: alphanumeric(34, 1),
    recordSize: constant(35, 3, String(NACHA_RECORD_LENGTH).padStart(3, '0')),
    blockingFactor: constant(38, 2, String(NACHA_BLOCKING_FACTOR)),
    formatCode: constant(40, 1, '1'),
    immediateDestinationName: alphanumeric(41, 23),
    immediateOriginName: alphanumeric(64, 23),
    referenceCode: alphanumeric(87, 8),
  },
  batchHeader: {
    recordType: constant(1, 1, '5'),
    serviceClassCode: numeric(2, 3),
    companyName: alphanumeric(5, 16),
    companyDiscretionaryData: alphanumeric(21, 20),
    companyIdentification: alphanumeric(41, 10),
    standardEntryClassCode: alphanumeric(51, 3),
    companyEntryDescription: alphanumeric(54, 10),
    companyDescriptiveDate: alphanumeric(64, 6),
    effectiveEntryDate: numeric(70, 6),
    /** The settlement day, Julian: the ACH operator's to fill in, blank in a file sent to it. */
    settlementDate: numeric(76, 3),
    originatorStatusCode: alphanumeric(79, 1),
    originatingDfi: numeric(80, 8),
    batchNumber: numeric(88, 7),
  },
  entry: {
    recordType: constant(1, 1, '6'),
    transactionCode: numeric(2, 2),
    receivingDfi: numeric(4, 8),
    checkDigit: numeric(12, 1),
    dfiAccountNumber: alphanumeric(13, 17),
    amount: numeric(30, 10),
    individualIdentificationNumber: alphanumeric(40, 15),
    individualName: alphanumeric(55, 22),
    discretionaryData: alphanumeric(77, 2),
    addendaRecordIndicator: numeric(79, 1),
    traceNumber: numeric(80, 15),
  },
  /** Addenda type 05: the payment's remittance text. */
  remittanceAddenda: {
    recordType: constant(1, 1, '7'),
    addendaTypeCode: constant(2, 2, '05'),
    paymentRelatedInformation: alphanumeric(4, 80),
    addendaSequenceNumber: numeric(84, 4),
    entryDetailSequenceNumber: numeric(88, 7),
  },
  /** Addenda type 99: a return, its reason code (R01-R85) and the entry it returns. */
  returnAddenda: {
    recordType: constant(1, 1, '7'),
    addendaTypeCode: constant(2, 2, '99'),
    returnReasonCode: alphanumeric(4, 3),
    originalEntryTraceNumber: numeric(7, 15),
    dateOfDeath: numeric(22, 6),
    originalReceivingDfi: numeric(28, 8),
    addendaInformation: alphanumeric(36, 44),
    traceNumber: numeric(80, 15),
  },
  /** Addenda type 98: a notification of change, its change code (C01-C14) and the corrected data. */
  changeAddenda: {
    recordType: constant(1, 1, '7'),
    addendaTypeCode: constant(2, 2, '98'),
    changeCode: alphanumeric(4, 3),
    originalEntryTraceNumber: numeric(7, 15),
    reserved: alphanumeric(22, 6),
    originalReceivingDfi: numeric(28, 8),
    correctedData: alphanumeric(36, 29),
    reservedAfter: alphanumeric(65, 15),
    traceNumber: numeric(80, 15),
  },
  batchControl: {
    recordType: constant(1, 1, '8'),
    serviceClassCode: numeric(2, 3),
    entryAddendaCount: numeric(5, 6),
    entryHash: numeric(11, 10),
    totalDebit: numeric(21, 12),
    totalCredit: numeric(33, 12),
    companyIdentification: alphanumeric(45, 10),
    messageAuthenticationCode: alphanumeric(55, 19),
    reserved: alphanumeric(74, 6),
    originatingDfi: numeric(80, 8),
    batchNumber: numeric(88, 7),
  },
  fileControl: {
    recordType: constant(1, 1, '9'),
    batchCount: numeric(2, 6),
    blockCount: numeric(8, 6),
    entryAddendaCount: numeric(14, 8),
    entryHash: numeric(22, 10),
    totalDebit: numeric(32, 12),
    totalCredit: numeric(44, 12),
    reserved: alphanumeric(56, 39),
  },
} as const satisfies Record<string, NachaLayout>;

export type NachaRecordName = keyof typeof NACHA_RECORDS;

/** The fields of a record a writer gives: every one but the fixed, each optional (blank when left out). */
export type NachaValues<Name extends NachaRecordName> = {
  [Field in keyof (typeof NACHA_RECORDS)[Name] as (typeof NACHA_RECORDS)[Name][Field] extends { fixed: string }
    ? never
    : Field]?: string | number | bigint;
};

/** The layout of an addenda record (type 7), by its addenda type code. */
export const NACHA_ADDENDA_BY_TYPE = {
  '05': NACHA_RECORDS.remittanceAddenda,
  '98': NACHA_RECORDS.changeAddenda,
  '99': NACHA_RECORDS.returnAddenda,
} as const;

function encode(field: NachaField, value: string | number | bigint): string {
  const { justify, pad } = NACHA_FIELD_KINDS[field.kind];
  const text =
    field.kind === 'alphanumeric'
      ? toSepaText(String(value), field.length)
          .toUpperCase()
          .replace(/^NOTPROVIDED$/, '')
      : String(value);
  if (text.length > field.length) {
    throw new UnwritablePaymentError(
      `${text} does not fit ${field.length} ${field.kind === 'numeric' ? 'digits' : 'characters'}`,
    );
  }
  return justify === 'right' ? text.padStart(field.length, pad) : text.padEnd(field.length, pad);
}

/** One record of `name`'s layout, every field written by its kind: 94 characters. */
export function nachaRecord<Name extends NachaRecordName>(name: Name, values: NachaValues<Name>): string {
  const layout: NachaLayout = NACHA_RECORDS[name];
  const given = values as Record<string, string | number | bigint | undefined>;
  const chars = Array.from({ length: NACHA_RECORD_LENGTH }, () => ' ');
  for (const [fieldName, field] of Object.entries(layout)) {
    const value = field.fixed ?? given[fieldName];
    if (value === undefined) continue;
    chars.splice(field.position - 1, field.length, ...encode(field, value));
  }
  return chars.join('');
}

/** A field of a record as written (untrimmed). */
export const nachaField = (record: string, field: NachaField) =>
  record.slice(field.position - 1, field.position - 1 + field.length);
