import { NACHA_RECORD_LENGTH, NACHA_RECORDS } from '#shared/rails/bank/ach/nacha-layout.ts';
import { type NachaReturnFile, readNachaReturns } from '#shared/rails/bank/ach/nacha-returns.ts';
import { type BankReport, decodeReport, parseBankReport } from '#shared/rails/bank/reports.ts';

/** What can arrive in the inbox: an ISO 20022 report (pain.002, camt.054) or a NACHA return/NOC file. */
export type InboxReport = BankReport | ({ kind: 'nacha-returns' } & NachaReturnFile);

/**
 * A NACHA file is told by its content, as banks name files as they like: its first record is a 94-character file
 * header (type `1`). Anything else is read as XML, which refuses what it is not.
 */
const NACHA_FILE_HEADER = new RegExp(
  `^${NACHA_RECORDS.fileHeader.recordType.fixed}[^\\r\\n]{${NACHA_RECORD_LENGTH - 1}}(\\r?\\n|$)`,
);

export function parseInboxReport(input: string | Uint8Array): InboxReport {
  const text = typeof input === 'string' ? input : decodeReport(input);
  if (NACHA_FILE_HEADER.test(text)) return { kind: 'nacha-returns', ...readNachaReturns(text) };
  return parseBankReport(text);
}
