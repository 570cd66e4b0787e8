import * as z from '#shared/validation/zod.ts';

/** The body of every error response, for the route table and the OpenAPI document. */
export const ErrorBodySchema = z.object({
  error: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

/** `?limit=&cursor=`, shared by every list route. */
export const PaginationQuery = {
  limit: z.pipe(
    z.optional(
      z
        .pipe(
          z.string().check(z.regex(/^\d{1,4}$/, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })),
          z.transform(Number),
        )
        .check(z.refine((n) => n >= 1 && n <= MAX_LIMIT, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })),
    ),
    z.transform((n) => n ?? DEFAULT_LIMIT),
  ),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))),
};

/** The answer of a DELETE that removed the resource. */
export const DeletedSchema = z.object({ success: z.literal(true) });

/** The path of every customer's resource: shared by the areas, so a route needs no area's schemas for it. */
export const CustomerIdParams = z.strictObject({
  customerId: z.uuid({ error: 'Must be a UUID' }),
});
