import * as z from '#shared/validation/zod.ts';

/** Examples in the OpenAPI document: the ones schemas carry, as the document's `examples` maps. */

export const JSON_TYPE = 'application/json';

export type Example = { summary: string; value: unknown };

export /** The metadata examples a schema carries (`.meta({ examples })`); an array gets one of its items'. */
function schemaExamples(schema: z.ZodMiniType | undefined): unknown[] {
  if (!schema) return [];
  const own = z.globalRegistry.get(schema)?.examples;
  if (Array.isArray(own) && own.length) return own;
  if (schema instanceof z.ZodMiniArray)
    return schemaExamples(schema.def.element as z.ZodMiniType)
      .slice(0, 1)
      .map((item) => [item]);
  return [];
}

export /** Unique, stable keys for an OpenAPI `examples` map. */
function examplesMap(examples: Example[]) {
  const seen = new Set<string>();
  const unique = examples.filter(({ value }) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return Object.fromEntries(unique.map((example, i) => [i === 0 ? 'example' : `example${i + 1}`, example]));
}
