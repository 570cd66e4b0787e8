/**
 * zod for the whole project: zod/mini (functions and checks instead of chained methods, so each bundle carries
 * only the validators it uses: about 70 KiB less per function than zod classic) with classic's English messages,
 * which mini leaves out (it would say "Invalid input" where clients are told "Invalid UUID"). Every module imports
 * zod from here, as a namespace (`import * as z`), so the messages are set before any schema parses.
 */

import { en } from 'zod/locales';
import { config, ZodMiniObject } from 'zod/mini';
import { $constructor, type $ZodObjectDef, $ZodObjectJIT } from 'zod/v4/core';

config(en());

export * from 'zod/mini';

/** Their `init`s, which assert the instance's type, as plain calls (TypeScript asks assertions for declared types). */
type Init = (inst: ZodMiniObject, def: $ZodObjectDef) => void;

/** A mini object (its methods, `instanceof ZodMiniObject`) whose parse is zod classic's compiled one. */
const ZodMiniObjectCompiled = /* @__PURE__ */ $constructor(
  'ZodMiniObjectCompiled',
  (inst: ZodMiniObject, def: $ZodObjectDef) => {
    (ZodMiniObject.init as Init)(inst, def);
    ($ZodObjectJIT.init as Init)(inst, def);
  },
);

/**
 * The same object schema, parsed as zod classic parses objects: the parser is compiled (`new Function`) on its
 * first synchronous parse, where mini's walks the shape key by key on every parse. For the records a list page
 * parses by the dozen: a page of 51 customer records parses in about a sixth of the time (about 60 µs less per
 * page; docs/decisions/0027-compiled-parser-for-the-customer-list.md). The compiler is about 4 KiB of every
 * bundle that carries one, so only the lists use it, each at its call site with `/* @__PURE__ *\/`: a function
 * that lists nothing carries none of it. Async parses, and a runtime that forbids `new Function`, take mini's
 * parser, which answers the same.
 */
export const compiledObject = <T extends ZodMiniObject>(schema: T): T =>
  new ZodMiniObjectCompiled(schema._zod.def) as unknown as T;
