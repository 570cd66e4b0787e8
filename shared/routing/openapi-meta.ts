import * as z from '#shared/validation/zod.ts';

/**
 * A schema's OpenAPI metadata (`id`, `description`, `examples`), which only the document reads (nothing else
 * looks the registry up): written `docMeta(OPENAPI_PROSE && { ... })`, so that the bundles without the prose
 * (`OPENAPI_PROSE`, shared/routing/route.ts) fold the object to `false` and drop its text.
 */
export const docMeta = (meta: z.core.GlobalMeta | false) => z.meta(meta || {});
