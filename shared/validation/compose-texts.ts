/**
 * Compose's own validation sentences for the fields of its requests (its createCustomer page answers an invalid
 * e-mail and a missing name with "Please enter a valid email address, Name is required"). A request schema that
 * Compose documents declares its sentences here once; the HTTP layer answers them, joined in the order declared,
 * instead of `<field>: <reason>`, and keeps each field's own reason beside them (`fields` of the error body).
 */

/** Per top-level field: the sentence for a missing value and the one for any other problem. */
export type ComposeFieldTexts = Readonly<Record<string, { missing?: string; invalid?: string }>>;

const declared = new WeakMap<object, ComposeFieldTexts>();

/** Declares `texts` for requests parsed with `schema`; returns the schema, so a declaration reads as one. */
export function withComposeTexts<S extends object>(schema: S, texts: ComposeFieldTexts): S {
  declared.set(schema, texts);
  return schema;
}

export const composeTextsOf = (schema: object): ComposeFieldTexts | undefined => declared.get(schema);
