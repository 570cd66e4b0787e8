import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';
import {
  CustomerIdParams,
  DEFAULT_LIMIT,
  DeletedSchema,
  ErrorBodySchema,
  MAX_LIMIT,
  PaginationQuery,
} from '#shared/routing/schemas.ts';

/** The routing words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<Record<never, never>> = {
  operations: {},
  schemas: [
    schemaProse(ErrorBodySchema, {
      id: 'Error',
      description:
        "Every error: `error` says what went wrong and, where it can, how to fix it; a validation message names the field first (Compose's own sentences where Compose documents them, with `fields`).",
      shape: {
        fields: {
          description: "Where `error` is Compose's own sentences: each field's problem, by the field's path",
          examples: [{ email: 'Invalid email', name: 'Required' }],
        },
      },
    }),
    schemaProse(PaginationQuery.limit, {
      description: `Items per page: an integer from 1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}.`,
    }),
    schemaProse(PaginationQuery.cursor, {
      description:
        'Where the next page starts: copy it from the `Link` header of the previous page (opaque; valid only for ' +
        'the list it came from).',
    }),
    schemaProse(DeletedSchema, { examples: [{ success: true }] }),
    schemaProse(CustomerIdParams, {
      shape: {
        customerId: {
          description: 'The `customerId` that creating the customer returned',
          examples: ['3b241101-e2bb-4255-8caf-4136c566a962'],
        },
      },
    }),
  ],
};
