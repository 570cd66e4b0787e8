import {
  NACHA_BLOCKING_FACTOR,
  NACHA_FILLER,
  NACHA_RECORDS,
  nachaField,
  nachaRecord,
} from '#shared/rails/bank/ach/nacha-layout.ts';
import {
  type PaymentFile,
  PaymentFileSchema,
  sumCents,
  UnwritablePaymentError,
} from '#shared/rails/bank/payment-file.ts';

/**
 * An ACH credit batch as a NACHA file: 94-character records, one file header (1), one batch header (5) per file,
 * an entry (6) and a remittance addenda (7, type 05) per payment, a batch control (8), a file control (9), padded
 * with all-9 records to a multiple of the blocking factor 10. Businesses are paid in CCD batches and individuals in
 * PPD ones, so a file holds one batch per SEC code present. Each entry carries the payment's end-to-end id as its
 * individual identification number, which a return entry hands back. Every record is written by its layout
 * (`nacha-layout.ts`).
 */
/** Credits only. */
const SERVICE_CLASS_CREDITS = '220';
/** Checking account credit (savings would be 32: the service stores no account type, banks pay checking). */
const TRANSACTION_CODE_CREDIT = '22';
/** A zero-dollar prenotification of a checking account credit (savings: 33; see above). */
const TRANSACTION_CODE_PRENOTE = '23';
const MAX_ENTRY_CENTS = 9_999_999_999n;

export type NachaOptions = {
  /** `YYYY-MM-DD` the entries settle: the execution date for same-day ACH, the next business day otherwise. */
  effectiveDate: string;
  /** `A`-`Z` or `0`-`9`: tells apart files created the same day for the same destination. */
  fileIdModifier: string;
  /**
   * Prenotes instead of credits: every entry zero-dollar with transaction code 23, the batches described `PRENOTE`.
   * The receiving bank checks the account exists and takes credits, and answers only with a return (R03, R04, ...).
   */
  prenote?: boolean;
};

/** The file id modifiers in the order a day's files take them: `A`-`Z`, then `0`-`9`. */
const FILE_ID_MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A bank refuses a file whose id modifier repeats one of the same day: the 37th file of a day has none left. */
export class NoFileIdModifierLeftError extends Error {}

/**
 * The modifier of the originator's `fileOfDay`-th ACH file (0-based) of the UTC day in its header: distinct for each
 * of the first 36 files of a day, none for more (NACHA's field is one character of `A`-`Z`, `0`-`9`).
 */
export function fileIdModifierOf(fileOfDay: number): string {
  const modifier = FILE_ID_MODIFIERS[fileOfDay];
  if (!modifier) {
    throw new NoFileIdModifierLeftError(`ACH file ${fileOfDay + 1} of the day: a day has 36 file id modifiers`);
  }
  return modifier;
}

const yymmdd = (date: string) => date.slice(2, 10).replaceAll('-', '');

function entryCents(amount: string, endToEndId: string) {
  const cents = sumCents([amount]);
  if (cents <= 0n || cents > MAX_ENTRY_CENTS) {
    throw new UnwritablePaymentError(`${endToEndId}: an ACH entry carries 0.01 to 99999999.99, not ${amount}`);
  }
  return cents;
}

function prenoteCents(amount: string, endToEndId: string) {
  if (sumCents([amount]) !== 0n) throw new UnwritablePaymentError(`${endToEndId}: a prenote carries 0, not ${amount}`);
  return 0n;
}

/** What every batch of one file shares: the debtor's company and bank, the file's dates, a prenote file or not. */
type BatchContext = {
  file: PaymentFile;
  options: NachaOptions;
  companyId: string;
  odfi: string;
  prenote: boolean;
};

/** An entry and its remittance addendum for one payment, with the trace number the file gives it. */
function entryRecords(context: BatchContext, payment: PaymentFile['payments'][number], traceNumber: string) {
  const { creditor } = payment;
  const routing = creditor.routingNumber;
  if (!routing) throw new UnwritablePaymentError('creditor.routingNumber is required for ACH');
  const account = creditor.accountNumber;
  if (!account || !/^[0-9A-Za-z-]{1,17}$/.test(account)) {
    throw new UnwritablePaymentError('creditor.accountNumber must be 1 to 17 letters or digits for ACH');
  }
  const cents = context.prenote
    ? prenoteCents(payment.amount, payment.endToEndId)
    : entryCents(payment.amount, payment.endToEndId);
  const records = [
    nachaRecord('entry', {
      transactionCode: context.prenote ? TRANSACTION_CODE_PRENOTE : TRANSACTION_CODE_CREDIT,
      receivingDfi: routing.slice(0, 8),
      checkDigit: routing.slice(8),
      dfiAccountNumber: account,
      amount: cents,
      individualIdentificationNumber: payment.endToEndId,
      individualName: creditor.name,
      addendaRecordIndicator: 1,
      traceNumber,
    }),
    nachaRecord('remittanceAddenda', {
      paymentRelatedInformation: payment.remittance,
      addendaSequenceNumber: 1,
      entryDetailSequenceNumber: traceNumber.slice(-7),
    }),
  ];
  return { records, hash: BigInt(routing.slice(0, 8)), cents };
}

/** One batch (header, entries, control) of a SEC code; its traces continue the file's after `tracesBefore`. */
function batchRecords(
  context: BatchContext,
  batch: { sec: 'CCD' | 'PPD'; payments: PaymentFile['payments']; batchNumber: number },
  tracesBefore: number,
) {
  const { file, options, companyId, odfi } = context;
  const lines = [
    nachaRecord('batchHeader', {
      serviceClassCode: SERVICE_CLASS_CREDITS,
      companyName: file.initiatingParty,
      companyIdentification: companyId,
      standardEntryClassCode: batch.sec,
      companyEntryDescription: context.prenote ? 'PRENOTE' : 'PAYOUT',
      companyDescriptiveDate: yymmdd(file.executionDate),
      effectiveEntryDate: yymmdd(options.effectiveDate),
      originatorStatusCode: '1',
      originatingDfi: odfi,
      batchNumber: batch.batchNumber,
    }),
  ];
  let hash = 0n;
  let credit = 0n;
  batch.payments.forEach((payment, index) => {
    const traceNumber = `${odfi}${String(tracesBefore + index + 1).padStart(7, '0')}`;
    const entry = entryRecords(context, payment, traceNumber);
    lines.push(...entry.records);
    hash += entry.hash;
    credit += entry.cents;
  });
  const count = batch.payments.length * 2;
  lines.push(
    nachaRecord('batchControl', {
      serviceClassCode: SERVICE_CLASS_CREDITS,
      entryAddendaCount: count,
      entryHash: hash % 10_000_000_000n,
      totalDebit: 0,
      totalCredit: credit,
      companyIdentification: companyId,
      originatingDfi: odfi,
      batchNumber: batch.batchNumber,
    }),
  );
  return { lines, count, hash, credit };
}

export function writeNacha(input: PaymentFile, options: NachaOptions): string {
  const file = PaymentFileSchema.parse(input);
  const { debtor } = file;
  if (debtor.currency !== 'USD') throw new UnwritablePaymentError('An ACH file pays USD only');
  const companyId = debtor.achCompanyId;
  if (!companyId) throw new UnwritablePaymentError('debtor.achCompanyId is required for ACH');
  const context: BatchContext = {
    file,
    options,
    companyId,
    odfi: debtor.routingNumber.slice(0, 8),
    prenote: options.prenote === true,
  };
  const created = new Date(file.createdAt);
  const lines: string[] = [
    nachaRecord('fileHeader', {
      immediateDestination: debtor.routingNumber,
      immediateOrigin: companyId,
      fileCreationDate: yymmdd(created.toISOString()),
      fileCreationTime: created.toISOString().slice(11, 16).replace(':', ''),
      fileIdModifier: options.fileIdModifier,
      // The destination's name is the originating bank's, which the service does not hold (the field is optional).
      immediateOriginName: debtor.name,
      referenceCode: file.messageId.slice(-8),
    }),
  ];
  const totals = { traces: 0, entries: 0, hash: 0n, credit: 0n };
  const batches = (['CCD', 'PPD'] as const)
    .map((sec) => ({
      sec,
      payments: file.payments.filter((p) => (p.creditor.kind === 'business') === (sec === 'CCD')),
    }))
    .filter((batch) => batch.payments.length > 0);
  batches.forEach((batch, index) => {
    const written = batchRecords(context, { ...batch, batchNumber: index + 1 }, totals.traces);
    lines.push(...written.lines);
    totals.traces += batch.payments.length;
    totals.entries += written.count;
    totals.hash += written.hash;
    totals.credit += written.credit;
  });
  lines.push(
    nachaRecord('fileControl', {
      batchCount: batches.length,
      blockCount: Math.ceil((lines.length + 1) / NACHA_BLOCKING_FACTOR),
      entryAddendaCount: totals.entries,
      entryHash: totals.hash % 10_000_000_000n,
      totalDebit: 0,
      totalCredit: totals.credit,
    }),
  );
  while (lines.length % NACHA_BLOCKING_FACTOR !== 0) lines.push(NACHA_FILLER);
  return `${lines.join('\n')}\n`;
}

/** An entry of an ACH file as it was sent: what a return or a notification of change must name to answer it. */
export type SentAchEntry = {
  /** The trace number the entry was sent with (positions 80-94: the ODFI's eight digits and a sequence). */
  traceNumber: string;
  secCode: 'CCD' | 'PPD';
  /** The batch's company identification (positions 41-50) and originating DFI (positions 80-87). */
  companyId: string;
  odfi: string;
};

/** The origination of an ACH file: its header's two parties, and each entry by its identification (the reference). */
export type AchOrigination = {
  /** The ODFI's routing number the file was sent to (file header, positions 4-13). */
  immediateDestination: string;
  /** The originator as the file names itself (file header, positions 14-23: its company id). */
  immediateOrigin: string;
  entries: Map<string, SentAchEntry>;
};

/**
 * Reads back a file `writeNacha` wrote (as the payment file record keeps it): the trace numbers it issued and the
 * parties it names, which are what a return or a notification of change of it must name.
 */
export function readAchOrigination(text: string): AchOrigination {
  const { fileHeader, batchHeader, entry } = NACHA_RECORDS;
  const lines = text.split('\n');
  const header = lines[0] ?? '';
  const origination: AchOrigination = {
    immediateDestination: nachaField(header, fileHeader.immediateDestination).trim(),
    immediateOrigin: nachaField(header, fileHeader.immediateOrigin).trim(),
    entries: new Map(),
  };
  let batch = { secCode: 'PPD' as 'CCD' | 'PPD', companyId: '', odfi: '' };
  for (const line of lines) {
    if (line.startsWith(batchHeader.recordType.fixed)) {
      const secCode = nachaField(line, batchHeader.standardEntryClassCode) === 'CCD' ? 'CCD' : 'PPD';
      batch = {
        secCode,
        companyId: nachaField(line, batchHeader.companyIdentification).trim(),
        odfi: nachaField(line, batchHeader.originatingDfi),
      };
    }
    if (line.startsWith(entry.recordType.fixed)) {
      const identification = nachaField(line, entry.individualIdentificationNumber).trim();
      origination.entries.set(identification, { traceNumber: nachaField(line, entry.traceNumber), ...batch });
    }
  }
  return origination;
}
