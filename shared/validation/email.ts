import * as z from '#shared/validation/zod.ts';

/** An e-mail address as callers send it: trimmed, then checked (at most 254 characters, RFC 5321). */
export const EmailSchema = z
  .pipe(
    z.pipe(
      z.string(),
      z.transform((value) => value.trim()),
    ),
    z.email({ error: 'Invalid email' }).check(z.maxLength(254)),
  )
  .check(z.meta({ format: 'email', maxLength: 254 }));
