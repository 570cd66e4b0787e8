import { FieldError } from '#shared/errors.ts';
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

/**
 * Turns a failed parse into the contract's `"<field>: <reason>"`. Unknown fields are reported first: a
 * misspelt field is the likeliest cause of every other complaint about the same object.
 */
export function toFieldError(error: z.core.$ZodError, prefix: string[] = []): FieldError {
  const unknown = error.issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    return new FieldError(joinPath([...prefix, ...unknown.path, unknown.keys[0] ?? '']), 'Unrecognized field');
  }
  const first = error.issues[0];
  if (!first) return new FieldError(joinPath(prefix), 'Invalid value');
  return new FieldError(joinPath([...prefix, ...first.path]), reason(first));
}

/** Parses `input` or throws the contract's 400 for the first problem. */
export function parseOrThrow<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw toFieldError(result.error);
  return result.data;
}
