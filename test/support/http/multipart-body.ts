import { randomBytes } from 'node:crypto';

export type FilePart = { bytes: Buffer; filename?: string; type?: string };

/**
 * A `multipart/form-data` body framed as browsers frame one (RFC 7578), with its Content-Type header: text fields
 * first, then the file parts.
 */
export function multipartBody(fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  const boundary = `----payouts${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  const part = (disposition: string, type: string | undefined, content: Buffer) => {
    const head = `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), content, Buffer.from('\r\n'));
  };
  for (const [name, value] of Object.entries(fields)) part(`name="${name}"`, undefined, Buffer.from(value));
  for (const [name, file] of Object.entries(files)) {
    part(
      `name="${name}"; filename="${file.filename ?? 'document'}"`,
      file.type ?? 'application/octet-stream',
      file.bytes,
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { rawBody: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
