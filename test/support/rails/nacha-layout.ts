/**
 * NACHA record layouts by position (NACHA Operating Rules, Appendix Three: ACH record format specifications), for
 * the tests to read a written file back field by field. 1-based inclusive positions, as the layouts print them.
 */
const LAYOUTS = {
  '1': {
    recordType: [1, 1],
    priorityCode: [2, 3],
    immediateDestination: [4, 13],
    immediateOrigin: [14, 23],
    fileCreationDate: [24, 29],
    fileCreationTime: [30, 33],
    fileIdModifier: [34, 34],
    recordSize: [35, 37],
    blockingFactor: [38, 39],
    formatCode: [40, 40],
    immediateDestinationName: [41, 63],
    immediateOriginName: [64, 86],
    referenceCode: [87, 94],
  },
  '5': {
    recordType: [1, 1],
    serviceClassCode: [2, 4],
    companyName: [5, 20],
    companyDiscretionaryData: [21, 40],
    companyIdentification: [41, 50],
    standardEntryClassCode: [51, 53],
    companyEntryDescription: [54, 63],
    companyDescriptiveDate: [64, 69],
    effectiveEntryDate: [70, 75],
    settlementDate: [76, 78],
    originatorStatusCode: [79, 79],
    originatingDfi: [80, 87],
    batchNumber: [88, 94],
  },
  '6': {
    recordType: [1, 1],
    transactionCode: [2, 3],
    receivingDfi: [4, 11],
    checkDigit: [12, 12],
    dfiAccountNumber: [13, 29],
    amount: [30, 39],
    individualIdentificationNumber: [40, 54],
    individualName: [55, 76],
    discretionaryData: [77, 78],
    addendaRecordIndicator: [79, 79],
    traceNumber: [80, 94],
  },
  '7': {
    recordType: [1, 1],
    addendaTypeCode: [2, 3],
    paymentRelatedInformation: [4, 83],
    addendaSequenceNumber: [84, 87],
    entryDetailSequenceNumber: [88, 94],
  },
  '8': {
    recordType: [1, 1],
    serviceClassCode: [2, 4],
    entryAddendaCount: [5, 10],
    entryHash: [11, 20],
    totalDebit: [21, 32],
    totalCredit: [33, 44],
    companyIdentification: [45, 54],
    messageAuthenticationCode: [55, 73],
    reserved: [74, 79],
    originatingDfi: [80, 87],
    batchNumber: [88, 94],
  },
  '9': {
    recordType: [1, 1],
    batchCount: [2, 7],
    blockCount: [8, 13],
    entryAddendaCount: [14, 21],
    entryHash: [22, 31],
    totalDebit: [32, 43],
    totalCredit: [44, 55],
    reserved: [56, 94],
  },
} as const;

export type NachaRecord = { type: string; fields: Record<string, string> };

/** Every record of a NACHA file, its fields cut out by position (filler records: type `9`, all nines). */
export function parseNacha(file: string): NachaRecord[] {
  return file
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      if (line.length !== 94) throw new Error(`A record of ${line.length} characters: ${line}`);
      if (/^9{94}$/.test(line)) return { type: 'filler', fields: {} };
      const layout = LAYOUTS[line[0] as keyof typeof LAYOUTS];
      if (!layout) throw new Error(`Unknown record type ${line[0]}`);
      const fields = Object.fromEntries(
        Object.entries(layout).map(([name, [from, to]]) => [name, line.slice(from - 1, to)]),
      );
      return { type: line[0] ?? '', fields };
    });
}

/** The end-to-end ids (individual identification numbers) of a NACHA file's entries, in order. */
export const nachaEndToEndIds = (file: string) =>
  parseNacha(file)
    .filter((record) => record.type === '6')
    .map((record) => record.fields.individualIdentificationNumber?.trim() ?? '');
