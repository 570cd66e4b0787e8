/**
 * zod for the whole project: zod/mini (functions and checks instead of chained methods, so each bundle carries
 * only the validators it uses: about 70 KiB less per function than zod classic) with classic's English messages,
 * which mini leaves out (it would say "Invalid input" where clients are told "Invalid UUID"). Every module imports
 * zod from here, as a namespace (`import * as z`), so the messages are set before any schema parses.
 *
 * Objects parse as zod classic's do: each object's parser is compiled once (`new Function`) on its first
 * synchronous parse, where mini's walks the shape key by key on every parse. A stored record is parsed on every
 * read, 51 of them for a list page: compiled, a customer record parses in about a sixth of the time (about 60 µs
 * less per page, test/README.md "Where a route's time goes"), for about 3 KiB more per bundle. Async parses, and a
 * runtime that forbids `new Function`, fall back to mini's parser, which answers the same.
 */

import { en } from 'zod/locales';
import * as mini from 'zod/mini';

mini.config(en());

export * from 'zod/mini';

type ObjectDef = mini.core.$ZodObjectDef;

type Init = (inst: mini.ZodMiniObject, def: ObjectDef) => void;
const initMiniObject: Init = mini.ZodMiniObject.init;
const initCompiledParse: Init = mini.core.$ZodObjectJIT.init;

/** A mini object (its methods, `instanceof ZodMiniObject`) whose parse is classic's compiled one. */
const ZodMiniObjectCompiled = mini.core.$constructor(
  'ZodMiniObjectCompiled',
  (inst: mini.ZodMiniObject, def: ObjectDef) => {
    initMiniObject(inst, def);
    initCompiledParse(inst, def);
  },
);

const compiled = (def: Omit<ObjectDef, 'shape'> & { shape: ObjectDef['shape'] | undefined }, params: unknown) =>
  new ZodMiniObjectCompiled({ ...def, shape: def.shape ?? {}, ...(mini.util.normalizeParams(params) as object) });

export const object: typeof mini.object = (shape, params) => compiled({ type: 'object', shape }, params) as never;
export const strictObject: typeof mini.strictObject = (shape, params) =>
  compiled({ type: 'object', shape, catchall: mini.never() }, params) as never;
export const looseObject: typeof mini.looseObject = (shape, params) =>
  compiled({ type: 'object', shape, catchall: mini.unknown() }, params) as never;
