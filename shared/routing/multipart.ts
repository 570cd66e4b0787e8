import { BadRequestError, FieldError, refusal } from '#shared/errors.ts';
import type { MultipartBody, UploadedFile } from '#shared/routing/route.ts';

export const MULTIPART_REQUIRED = refusal(415, 'Content-Type must be multipart/form-data');

/** More parts than any form of ours has is a malformed or hostile body. */
const MAX_PARTS = 16;

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` Content-Type (RFC 7578), quoted or not; anything else: 415. */
function boundaryOf(contentType: string | undefined): string {
  const [type = '', ...parameters] = (contentType ?? '').split(';');
  if (type.trim().toLowerCase() !== 'multipart/form-data') throw MULTIPART_REQUIRED.error();
  for (const parameter of parameters) {
    const [name, ...value] = parameter.split('=');
    if (name?.trim().toLowerCase() !== 'boundary') continue;
    const boundary = value
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    // RFC 2046: 1 to 70 characters.
    if (boundary.length >= 1 && boundary.length <= 70) return boundary;
  }
  throw new BadRequestError('Content-Type multipart/form-data needs a boundary');
}

/** `form-data; name="idDocType"; filename="id.jpg"` -> its parameters (quoted values unquoted). */
function dispositionOf(headers: string): { name?: string; filename?: string } {
  const line = headers.split('\r\n').find((header) => /^content-disposition\s*:/i.test(header));
  if (!line) return {};
  const out: Record<string, string> = {};
  for (const match of line.matchAll(/;\s*([a-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/gi)) {
    const key = (match[1] ?? '').toLowerCase();
    out[key] = (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1');
  }
  return out;
}

const declaredTypeOf = (headers: string): string | null =>
  headers
    .split('\r\n')
    .find((header) => /^content-type\s*:/i.test(header))
    ?.replace(/^content-type\s*:\s*/i, '')
    .trim() || null;

/**
 * Parses a `multipart/form-data` body: text fields by name, file parts (those with a `filename`) by name. Each name
 * may appear once (a second is a 400 naming it); a body that does not follow the format is a 400.
 */
export function parseMultipart(body: Buffer, contentType: string | undefined): MultipartBody {
  const boundary = boundaryOf(contentType);
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  const malformed = () => new BadRequestError('Malformed multipart/form-data body');
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  let position = body.indexOf(delimiter);
  if (position < 0) throw malformed();
  position += delimiter.length;
  for (let parts = 0; ; parts++) {
    // After a delimiter: `--` closes the body, CRLF opens a part.
    if (body.subarray(position, position + 2).toString('latin1') === '--') break;
    if (!body.subarray(position, position + 2).equals(CRLF) || parts >= MAX_PARTS) throw malformed();
    const headersEnd = body.indexOf(HEADERS_END, position + 2);
    if (headersEnd < 0) throw malformed();
    const headers = body.subarray(position + 2, headersEnd).toString('utf8');
    const contentStart = headersEnd + HEADERS_END.length;
    const contentEnd = body.indexOf(between, contentStart);
    if (contentEnd < 0) throw malformed();
    const { name, filename } = dispositionOf(headers);
    if (!name) throw malformed();
    if (name in fields || name in files) throw new FieldError(name, 'Sent more than once');
    const content = body.subarray(contentStart, contentEnd);
    if (filename !== undefined) {
      files[name] = { filename: filename || null, declaredType: declaredTypeOf(headers), bytes: content };
    } else {
      fields[name] = content.toString('utf8');
    }
    position = contentEnd + between.length;
  }
  return { fields, files };
}
