import { NACHA_BLOCKING_FACTOR, NACHA_FILLER, nachaRecord } from '#shared/rails/bank/ach/nacha-layout.ts';
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
 * bank. Every record is written by its layout (`nacha-layout.ts`), controls totalled, blocked by ten.
 */

/** A returned (or corrected) credit to a checking account. */
const RETURNED_CREDIT_TO_CHECKING = '21';

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

const yymmdd = (iso: string) => iso.slice(2, 10).replaceAll('-', '');

/** The entry and its addenda: a return (99) with its R-code, or a notification of change (98) with the correction. */
function entryRecords(entry: ReturnedEntry, odfi: string, traceNumber: string): string[] {
  const cents = entry.kind === 'return' ? sumCents([entry.amount]) : 0n;
  const original = {
    originalEntryTraceNumber: entry.originalTraceNumber,
    originalReceivingDfi: entry.routingNumber.slice(0, 8),
    traceNumber,
  };
  return [
    nachaRecord('entry', {
      transactionCode: RETURNED_CREDIT_TO_CHECKING,
      receivingDfi: odfi.slice(0, 8),
      checkDigit: odfi.slice(8, 9),
      dfiAccountNumber: entry.accountNumber,
      amount: cents,
      individualIdentificationNumber: entry.identification,
      individualName: entry.name,
      addendaRecordIndicator: 1,
      traceNumber,
    }),
    entry.kind === 'return'
      ? nachaRecord('returnAddenda', { returnReasonCode: entry.code, ...original })
      : nachaRecord('changeAddenda', { changeCode: entry.code, correctedData: entry.correctedData, ...original }),
  ];
}

export function writeNachaReturns(input: NachaReturnFileInput): string {
  const returning = input.returningBank.slice(0, 8);
  const odfi = input.originatingBank;
  const lines = [
    nachaRecord('fileHeader', {
      immediateDestination: input.companyId,
      immediateOrigin: ` ${input.originatingBank}`,
      fileCreationDate: yymmdd(input.createdAt),
      fileCreationTime: input.createdAt.slice(11, 16).replace(':', ''),
      fileIdModifier: 'A',
      immediateOriginName: input.companyName,
    }),
  ];
  const secOf = (entry: ReturnedEntry) => (entry.kind === 'return' ? entry.secCode : 'COR');
  const batches = [...new Set(input.entries.map(secOf))];
  let trace = 0;
  const file = { count: 0, hash: 0n, credit: 0n };
  batches.forEach((sec, index) => {
    const entries = input.entries.filter((entry) => secOf(entry) === sec);
    const batch = { originatingDfi: returning, batchNumber: index + 1 };
    lines.push(
      nachaRecord('batchHeader', {
        serviceClassCode: '220',
        companyName: input.companyName,
        companyIdentification: input.companyId,
        standardEntryClassCode: sec,
        companyEntryDescription: 'PAYOUT',
        effectiveEntryDate: yymmdd(input.createdAt),
        originatorStatusCode: '1',
        ...batch,
      }),
    );
    let hash = 0n;
    let credit = 0n;
    for (const entry of entries) {
      lines.push(...entryRecords(entry, odfi, `${returning}${String(++trace).padStart(7, '0')}`));
      hash += BigInt(odfi.slice(0, 8));
      credit += entry.kind === 'return' ? sumCents([entry.amount]) : 0n;
    }
    lines.push(
      nachaRecord('batchControl', {
        serviceClassCode: '220',
        entryAddendaCount: entries.length * 2,
        entryHash: hash % 10_000_000_000n,
        totalDebit: 0,
        totalCredit: credit,
        companyIdentification: input.companyId,
        ...batch,
      }),
    );
    file.count += entries.length * 2;
    file.hash += hash;
    file.credit += credit;
  });
  const blocks = Math.ceil((lines.length + 1) / NACHA_BLOCKING_FACTOR);
  lines.push(
    nachaRecord('fileControl', {
      batchCount: batches.length,
      blockCount: blocks,
      entryAddendaCount: file.count,
      entryHash: file.hash % 10_000_000_000n,
      totalDebit: 0,
      totalCredit: file.credit,
    }),
  );
  while (lines.length % NACHA_BLOCKING_FACTOR !== 0) lines.push(NACHA_FILLER);
  return `${lines.join('\n')}\n`;
}
