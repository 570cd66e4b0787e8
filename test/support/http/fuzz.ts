import fc from 'fast-check';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { type Ids, pathParamsOf } from '#test/support/http/route-requests.ts';

/**
 * Arbitraries for requests that try to break the HTTP stack: wrong types, huge and odd strings, deep nesting,
 * prototype-polluting keys, unicode, numbers where strings belong, arrays, null; mixed with the route's own
 * field names and real ids, so that some requests get far into the service before they are refused.
 */

/** An object whose keys are written as given, `__proto__` included (an object literal would set the prototype). */
export class Entries {
  constructor(readonly entries: readonly (readonly [string, unknown])[]) {}
}

/** Text sent as it is: malformed JSON, and nesting too deep to build as a value. */
export class Raw {
  constructor(readonly text: string) {}
}

export function toJsonText(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (value instanceof Entries) {
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') return toJsonText(new Entries(Object.entries(value)));
  return JSON.stringify(value) ?? 'null';
}

const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '$where', ''];

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '👩‍👩‍👧‍👦',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̯̔',
  '__proto__',
  'constructor',
  '../../../etc/passwd',
  '%00',
  '%2F',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style lookup, sent as literal text
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '１２３',
  '٣٫٥',
  '0.0000001',
  '99999999999999999999999999.99',
  '-5.00',
  '00000000-0000-0000-0000-000000000000',
  'ORG#x#CUSTOMER#y',
  'sk_sandbox_0000000000000000000000000000000000000000000',
);

const hugeString = fc
  .tuple(fc.constantFrom(300, 5_000, 70 * 1024), fc.constantFrom('a', 'é', '𝄞', '0'))
  .map(([length, unit]) => unit.repeat(length));

const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 5_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}']))
  .map(([depth, [open, close]]) => new Raw(`${(open ?? '').repeat(depth)}1${(close ?? '').repeat(depth)}`));

/** Short enough for a URL (a long one gets the HTTP server's own 431, before the service sees it). */
const urlString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  oddStrings,
  fc.constantFrom('a', '%', '9').map((unit) => unit.repeat(600)),
);

export const junkString = fc.oneof(urlString, hugeString);

const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e21, 2 ** 53 + 2, -1e-7),
  junkString,
);

/** Any value a field might be sent: scalars, arrays, objects with dangerous keys, deep nesting. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...DANGEROUS_KEYS), fc.string()), tie('value')), { maxLength: 4 })
      .map((entries) => new Entries(entries)),
    deepNesting,
  ),
})).value;

const shapeKeys = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
};

/** An object with the schema's own field names (and others), each holding junk. */
const objectOf = (keys: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          ...(keys.length ? [fc.constantFrom(...keys)] : []),
          fc.constantFrom(...DANGEROUS_KEYS),
          fc.string({ maxLength: 12 }),
        ),
        junkValue,
      ),
      { maxLength: 6 },
    )
    .map((entries) => new Entries(entries));

/** The valid body with one field replaced by junk, removed, or joined by a dangerous key. */
const mutationOf = (valid: unknown) => {
  if (valid === null || typeof valid !== 'object' || Array.isArray(valid)) return fc.constant(valid);
  const entries = Object.entries(valid);
  return fc.oneof(
    fc
      .tuple(fc.nat(), junkValue)
      .map(([i, junk]) =>
        entries.length
          ? new Entries(entries.map(([k, v], j) => [k, j === i % entries.length ? junk : v] as const))
          : new Entries([['x', junk]]),
      ),
    fc.nat().map((i) => new Entries(entries.filter((_, j) => j !== i % Math.max(1, entries.length)))),
    fc
      .tuple(fc.constantFrom(...DANGEROUS_KEYS), junkValue)
      .map(([key, junk]) => new Entries([...entries, [key, junk] as const])),
  );
};

const bodyArbitrary = (route: RouteDefinition, validBody: unknown) =>
  fc.oneof(
    junkValue,
    objectOf(shapeKeys(route.request?.body)),
    mutationOf(validBody),
    fc.constantFrom(new Raw('{"a":'), new Raw('not json'), new Raw('{"a":1}{"b":2}'), new Raw('\ufeff{}')),
    fc.string().map((text) => new Raw(text)),
  );

const queryArbitrary = (route: RouteDefinition, validQuery: Record<string, string>) => {
  const keys = [...shapeKeys(route.request?.query), ...Object.keys(validQuery), 'limit', 'cursor'];
  return fc.oneof(
    fc.constant(validQuery),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.constantFrom(...DANGEROUS_KEYS), fc.string()), urlString), {
      maxLength: 4,
    }),
  );
};

const idArbitrary = (realId: string | undefined) =>
  fc.oneof(
    ...(realId ? [fc.constant(realId), fc.constant(realId.toUpperCase()), fc.constant(` ${realId}`)] : []),
    fc.uuid(),
    urlString.filter((s) => s.length > 0),
    fc.integer().map(String),
  );

const asciiHeader = fc.string({ unit: 'binary-ascii', maxLength: 300 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

export type FuzzRequest = {
  ids: Ids;
  /** Query parameters as pairs, so that a name may repeat. */
  query: readonly (readonly [string, string])[] | Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
  withKey: boolean;
};

/** A request to one route: path ids, query, body and a few headers, each valid or not. */
export function requestArbitrary(
  route: RouteDefinition,
  real: { ids: Ids; body: unknown; query: Record<string, string> },
): fc.Arbitrary<FuzzRequest> {
  const params = pathParamsOf(route);
  return fc.record({
    ids: fc.record(Object.fromEntries(params.map((p) => [p, idArbitrary(real.ids[p])]))) as fc.Arbitrary<Ids>,
    query: queryArbitrary(route, real.query),
    body: fc.option(bodyArbitrary(route, real.body), { freq: 8, nil: undefined }),
    headers: fc.record(
      {
        'idempotency-key': asciiHeader,
        'x-request-id': asciiHeader,
        'content-type': fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
      },
      { requiredKeys: [] },
    ),
    // Mostly with the key, so that requests get past authentication.
    withKey: fc.oneof({ arbitrary: fc.constant(true), weight: 9 }, { arbitrary: fc.constant(false), weight: 1 }),
  });
}

/** A path segment as a client would send it: lone surrogates replaced, everything else percent-encoded. */
export const encodeSegment = (value: string) => encodeURIComponent(Buffer.from(value, 'utf8').toString('utf8'));
