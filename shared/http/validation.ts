import { FieldError } from '#shared/errors.ts';
import { type ComposeFieldTexts, composeTextsOf } from '#shared/validation/compose-texts.ts';
import type * as z from '#shared/validation/zod.ts';

type Issue = z.core.$ZodIssue;

const joinPath = (path: ReadonlyArray<PropertyKey>): string =>
  path
    .map((part) => (typeof part === 'number' ? `[${part}]` : String(part)))
    .join('.')
    .replace(/\.\[/g, '[');

/** A readable reason for one zod issue; schemas that set their own message keep it. */
function reason(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      // With `reportInput` the issue carries the input; without it, zod's own message says what it received.
      if ('input' in issue ? issue.input === undefined : issue.message.endsWith('received undefined'))
        return 'Required';
      return issue.message.startsWith('Invalid input') ? `Expected ${issue.expected}` : issue.message;
    case 'too_small':
      if (issue.origin === 'string')
        return `Must be at least ${issue.minimum} character${issue.minimum === 1 ? '' : 's'}`;
      if (issue.origin === 'number') return `Must be at least ${issue.minimum}`;
      return issue.message;
    case 'too_big':
      if (issue.origin === 'string') return `Must be at most ${issue.maximum} characters`;
      if (issue.origin === 'number') return `Must be at most ${issue.maximum}`;
      return issue.message;
    case 'invalid_value':
      return issue.message.startsWith('Invalid option')
        ? `Must be one of: ${issue.values.map((v) => String(v)).join(', ')}`
        : issue.message;
    default:
      return issue.message;
  }
}

/** The keys an object schema at `path` under `schema` knows (through optionals, pipes, defaults); none if not an object. */
function knownKeys(schema: z.core.$ZodType, path: ReadonlyArray<PropertyKey>): string[] {
  let current: z.core.$ZodType | undefined = schema;
  let rest = path;
  while (current) {
    const def = current._zod.def as { type: string; shape?: Record<string, z.core.$ZodType> } & Record<string, unknown>;
    if (def.type === 'object' && def.shape) {
      if (rest.length === 0) return Object.keys(def.shape);
      current = def.shape[String(rest[0])];
      rest = rest.slice(1);
    } else {
      current = (def.innerType ?? def.in) as z.core.$ZodType | undefined;
    }
  }
  return [];
}

/** Optimal string alignment distance: edits, a swap of two neighbours counting as one. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (rows[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** Case, `_` and `-` aside: `source_amount` and `SourceAmount` are `sourceAmount`. */
const folded = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/**
 * The known fields an unknown one most likely meant: the same name spelt another way (`source_amount`), a typo of
 * at most a quarter of its letters (`benificiaryName`), or else the fields that end in it (`amount` -> `sourceAmount`,
 * `targetAmount`; `bankId` -> `withdrawalBankId`).
 */
export function nearestFields(unknown: string, known: readonly string[]): string[] {
  const name = folded(unknown);
  const spelt = known.filter((key) => folded(key) === name);
  if (spelt.length > 0) return spelt;
  const limit = Math.max(1, Math.floor(name.length / 4));
  const distances = known.map((key) => [key, editDistance(name, folded(key))] as const).filter(([, d]) => d <= limit);
  const best = Math.min(...distances.map(([, d]) => d));
  if (distances.length > 0) return distances.filter(([, d]) => d === best).map(([key]) => key);
  return name.length >= 3 ? known.filter((key) => folded(key).endsWith(name)) : [];
}

const unrecognized = (suggestions: string[]) =>
  suggestions.length === 0 ? 'Unrecognized field' : `Unrecognized field; did you mean ${suggestions.join(' or ')}?`;

/** Compose's sentences for the issues it documents, in its order, then `<field>: <reason>` for the others. */
function composeError(issues: readonly Issue[], texts: ComposeFieldTexts, prefix: string[]): FieldError | undefined {
  const described = issues.map((issue) => {
    const why = reason(issue);
    const field = String(issue.path[0] ?? '');
    const sentences = texts[field];
    const sentence = why === 'Required' ? sentences?.missing : sentences?.invalid;
    return { path: joinPath([...prefix, ...issue.path]), why, field, sentence };
  });
  if (!described.some((issue) => issue.sentence)) return undefined;
  const order = Object.keys(texts);
  const rank = (issue: (typeof described)[number]) => (issue.sentence ? order.indexOf(issue.field) : order.length);
  const parts = [...described]
    .sort((a, b) => rank(a) - rank(b))
    .map((issue) => issue.sentence ?? `${issue.path}: ${issue.why}`);
  const first = described[0] as (typeof described)[number];
  return new FieldError(
    first.path,
    first.why,
    [...new Set(parts)].join(', '),
    Object.fromEntries(described.map((issue) => [issue.path, issue.why])),
  );
}

/**
 * Turns a failed parse into the contract's `"<field>: <reason>"`. Unknown fields are reported first: a
 * misspelt field is the likeliest cause of every other complaint about the same object; with the `schema`, the
 * known field it most likely meant is named. A schema with Compose's sentences (`withComposeTexts`) answers them.
 */
export function toFieldError(error: z.core.$ZodError, prefix: string[] = [], schema?: z.core.$ZodType): FieldError {
  const unknown = error.issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    const key = unknown.keys[0] ?? '';
    const suggestions = schema ? nearestFields(key, knownKeys(schema, unknown.path)) : [];
    return new FieldError(joinPath([...prefix, ...unknown.path, key]), unrecognized(suggestions));
  }
  const texts = schema && composeTextsOf(schema);
  const composed = texts && composeError(error.issues, texts, prefix);
  if (composed) return composed;
  const first = error.issues[0];
  if (!first) return new FieldError(joinPath(prefix), 'Invalid value');
  return new FieldError(joinPath([...prefix, ...first.path]), reason(first));
}

/** Parses `input` or throws the contract's 400 for the first problem. */
export function parseOrThrow<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw toFieldError(result.error, [], schema);
  return result.data;
}
