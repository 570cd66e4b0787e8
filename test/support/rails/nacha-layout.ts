import {
  NACHA_ADDENDA_BY_TYPE,
  NACHA_FILLER,
  NACHA_RECORD_LENGTH,
  NACHA_RECORDS,
  type NachaLayout,
  nachaField,
} from '#shared/rails/bank/ach/nacha-layout.ts';

/**
 * Reads a written NACHA file back field by field, by the layouts the writers use (`shared/rails/bank/ach/nacha-layout.ts`):
 * an addenda record by the layout of its addenda type (05 remittance, 98 change, 99 return).
 */
const LAYOUTS: Record<string, NachaLayout> = Object.fromEntries(
  Object.values(NACHA_RECORDS)
    .filter((layout) => layout.recordType.fixed !== NACHA_RECORDS.remittanceAddenda.recordType.fixed)
    .map((layout) => [layout.recordType.fixed, layout]),
);

function layoutOf(line: string): NachaLayout {
  const type = line[0] ?? '';
  if (type !== NACHA_RECORDS.remittanceAddenda.recordType.fixed) {
    const layout = LAYOUTS[type];
    if (!layout) throw new Error(`Unknown record type ${type}`);
    return layout;
  }
  const addendaType = line.slice(1, 3) as keyof typeof NACHA_ADDENDA_BY_TYPE;
  const layout = NACHA_ADDENDA_BY_TYPE[addendaType];
  if (!layout) throw new Error(`Unknown addenda type ${addendaType}`);
  return layout;
}

export type NachaRecord = { type: string; fields: Record<string, string> };

/** Every record of a NACHA file, its fields cut out by position (filler records: type `filler`, all nines). */
export function parseNacha(file: string): NachaRecord[] {
  return file
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      if (line.length !== NACHA_RECORD_LENGTH) throw new Error(`A record of ${line.length} characters: ${line}`);
      if (line === NACHA_FILLER) return { type: 'filler', fields: {} };
      const fields = Object.fromEntries(
        Object.entries(layoutOf(line)).map(([name, field]) => [name, nachaField(line, field)]),
      );
      return { type: line[0] ?? '', fields };
    });
}

/** The end-to-end ids (individual identification numbers) of a NACHA file's entries, in order. */
export const nachaEndToEndIds = (file: string) =>
  parseNacha(file)
    .filter((record) => record.type === NACHA_RECORDS.entry.recordType.fixed)
    .map((record) => record.fields.individualIdentificationNumber?.trim() ?? '');
