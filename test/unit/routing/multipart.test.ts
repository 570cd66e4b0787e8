import { describe, expect, it } from 'vitest';
import { parseMultipart } from '#shared/routing/multipart.ts';

const BOUNDARY = '----form7MA4YWxkTrZu0gW';
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A body exactly as browsers frame one (RFC 7578): CRLF everywhere, the closing delimiter ending in `--`. */
function bodyOf(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const headers = `Content-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n${headers}`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

describe('multipart/form-data bodies', () => {
  it('reads text fields and file parts, bytes untouched (CRLF and boundary look-alikes inside a file)', () => {
    const file = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0x00]),
      Buffer.from(`\r\n--${BOUNDARY.slice(0, 10)}\r\n`),
    ]);
    const parsed = parseMultipart(
      bodyOf([
        { name: 'idDocType', value: 'PASSPORT' },
        { name: 'file', value: file, filename: 'passport.jpg', type: 'image/jpeg' },
        { name: 'country', value: 'GBR' },
      ]),
      TYPE,
    );

    expect(parsed.fields).toEqual({ idDocType: 'PASSPORT', country: 'GBR' });
    expect(parsed.files.file).toMatchObject({ filename: 'passport.jpg', declaredType: 'image/jpeg' });
    expect(parsed.files.file?.bytes.equals(file)).toBe(true);
  });

  it('takes a quoted boundary and any letter case of the media type', () => {
    const parsed = parseMultipart(bodyOf([{ name: 'a', value: '1' }]), `Multipart/Form-Data; boundary="${BOUNDARY}"`);
    expect(parsed.fields).toEqual({ a: '1' });
  });

  it('refuses what is not multipart, has no boundary, is cut short or repeats a field', () => {
    const complete = bodyOf([{ name: 'a', value: '1' }]);
    const attempts: [() => unknown, number, string][] = [
      [() => parseMultipart(complete, 'application/json'), 415, 'Content-Type must be multipart/form-data'],
      [() => parseMultipart(complete, undefined), 415, 'Content-Type must be multipart/form-data'],
      [() => parseMultipart(complete, 'multipart/form-data'), 400, 'Content-Type multipart/form-data needs a boundary'],
      [() => parseMultipart(complete.subarray(0, 30), TYPE), 400, 'Malformed multipart/form-data body'],
      [() => parseMultipart(Buffer.from('no delimiter at all'), TYPE), 400, 'Malformed multipart/form-data body'],
      [
        () =>
          parseMultipart(
            bodyOf([
              { name: 'a', value: '1' },
              { name: 'a', value: '2' },
            ]),
            TYPE,
          ),
        400,
        'a: Sent more than once',
      ],
      [
        () => parseMultipart(bodyOf(Array.from({ length: 17 }, (_, i) => ({ name: `f${i}`, value: 'x' }))), TYPE),
        400,
        'Malformed multipart/form-data body',
      ],
    ];
    for (const [attempt, statusCode, message] of attempts) {
      expect(attempt).toThrow(expect.objectContaining({ statusCode, message }));
    }
  });
});
