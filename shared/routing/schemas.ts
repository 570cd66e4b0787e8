import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/** The body of every error response, for the route table and the OpenAPI document. */
export const ErrorBodySchema = z
  .object({
    error: z.string(),
    fields: z.optional(z.record(z.string(), z.string())).check(
      docMeta(
        OPENAPI_PROSE && {
          description: "Where `error` is Compose's own sentences: each field's problem, by the field's path",
          examples: [{ email: 'Invalid email', name: 'Required' }],
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'Error',
        description:
          "Every error: `error` says what went wrong and, where it can, how to fix it; a validation message names the field first (Compose's own sentences where Compose documents them, with `fields`).",
      },
    ),
  );

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

/** `?limit=&cursor=`, shared by every list route. */
export const PaginationQuery = {
  limit: z
    .pipe(
      z.optional(
        z
          .pipe(
            z.string().check(z.regex(/^\d{1,4}$/, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })),
            z.transform(Number),
          )
          .check(z.refine((n) => n >= 1 && n <= MAX_LIMIT, { error: `Must be an integer from 1 to ${MAX_LIMIT}` })),
      ),
      z.transform((n) => n ?? DEFAULT_LIMIT),
    )
    .check(
      docMeta(
        OPENAPI_PROSE && {
          description: `Items per page: an integer from 1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}.`,
        },
      ),
    ),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(2048))).check(
    docMeta(
      OPENAPI_PROSE && {
        description:
          'Where the next page starts: copy it from the `Link` header of the previous page (opaque; valid only for ' +
          'the list it came from).',
      },
    ),
  ),
};

/** The answer of a DELETE that removed the resource. */
export const DeletedSchema = z
  .object({ success: z.literal(true) })
  .check(docMeta(OPENAPI_PROSE && { examples: [{ success: true }] }));

/** The path of every customer's resource: shared by the areas, so a route needs no area's schemas for it. */
export const CustomerIdParams = z.strictObject({
  customerId: z.uuid({ error: 'Must be a UUID' }).check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'The `customerId` that creating the customer returned',
        examples: ['3b241101-e2bb-4255-8caf-4136c566a962'],
      },
    ),
  ),
});
