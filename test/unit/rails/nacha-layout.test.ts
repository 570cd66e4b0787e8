import { describe, expect, it } from 'vitest';
import {
  NACHA_RECORD_LENGTH,
  NACHA_RECORDS,
  type NachaLayout,
  nachaField,
  nachaRecord,
} from '#shared/rails/bank/ach/nacha-layout.ts';

/** NACHA's record layouts, declared once: each covers its 94 characters, and each kind writes as it says. */

/** Where a layout leaves a character uncovered or covers one twice, as `<record>: <what> at <position>`. */
function coverageFaults(name: string, layout: NachaLayout): string[] {
  const fields = Object.entries(layout).sort(([, a], [, b]) => a.position - b.position);
  const faults: string[] = [];
  let next = 1;
  for (const [field, { position, length }] of fields) {
    if (position > next) faults.push(`${name}: gap at ${next}`);
    if (position < next) faults.push(`${name}: ${field} overlaps at ${position}`);
    next = position + length;
  }
  if (next !== NACHA_RECORD_LENGTH + 1) faults.push(`${name}: ends at ${next - 1}`);
  return faults;
}

describe('the NACHA record layouts', () => {
  it('finds a gap, an overlap and a short record in a layout', () => {
    const broken: NachaLayout = {
      recordType: { position: 1, length: 1, kind: 'numeric', fixed: '1' },
      a: { position: 3, length: 10, kind: 'alphanumeric' },
      b: { position: 12, length: 10, kind: 'numeric' },
    };

    expect(coverageFaults('broken', broken)).toEqual([
      'broken: gap at 2',
      'broken: b overlaps at 12',
      'broken: ends at 21',
    ]);
  });

  it('cover every record field after field, 94 characters, no gap and no overlap', () => {
    const faults = Object.entries(NACHA_RECORDS).flatMap(([name, layout]) => coverageFaults(name, layout));

    expect(Object.keys(NACHA_RECORDS).length).toBe(8);
    expect(faults).toEqual([]);
  });

  it('write numbers right-justified with zeros, text left-justified in upper case, a routing number after a blank', () => {
    const record = nachaRecord('fileHeader', {
      immediateDestination: '021000021',
      immediateOrigin: 'Zoë & co',
      fileCreationDate: '261124',
      fileCreationTime: 930,
      fileIdModifier: 'a',
    });
    const { fileHeader } = NACHA_RECORDS;

    expect(record).toHaveLength(NACHA_RECORD_LENGTH);
    expect(nachaField(record, fileHeader.recordType)).toBe('1');
    expect(nachaField(record, fileHeader.priorityCode)).toBe('01');
    expect(nachaField(record, fileHeader.immediateDestination)).toBe(' 021000021');
    expect(nachaField(record, fileHeader.immediateOrigin)).toBe('ZOE + CO  ');
    expect(nachaField(record, fileHeader.fileCreationTime)).toBe('0930');
    expect(nachaField(record, fileHeader.fileIdModifier)).toBe('A');
    expect(nachaField(record, fileHeader.recordSize)).toBe('094');
    expect(nachaField(record, fileHeader.blockingFactor)).toBe('10');
    // A field left out is blank, a text with nothing to write too.
    expect(nachaField(record, fileHeader.immediateOriginName)).toBe(' '.repeat(23));
    expect(nachaField(nachaRecord('entry', { individualName: '李雷' }), NACHA_RECORDS.entry.individualName)).toBe(
      ' '.repeat(22),
    );
  });

  it('refuse a number longer than its field, and cut a text to it', () => {
    expect(() => nachaRecord('entry', { amount: 12_345_678_901n })).toThrow('12345678901 does not fit 10 digits');
    const entry = nachaRecord('entry', { individualName: 'A name longer than twenty-two characters' });

    expect(nachaField(entry, NACHA_RECORDS.entry.individualName)).toBe('A NAME LONGER THAN TWE');
  });
});
