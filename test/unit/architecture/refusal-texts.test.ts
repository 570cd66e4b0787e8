import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { Refusal } from '#shared/errors.ts';
import { routeList } from '#shared/routes.ts';

/**
 * An error's text is written once: in its refusal constant (`refusal(404, 'Customer not found')`), or in the one
 * `new XxxError('...')` that throws it. Every other place (another throw, a route's documented example) names the
 * constant. Read from the source of shared/, as fixed texts: a template with a part that varies is one text per
 * place by construction.
 */
type Site = { text: string; where: string };

const HTTP_ERRORS = [
  'HttpError',
  'BadRequestError',
  'ForbiddenError',
  'NotFoundError',
  'ConflictError',
  'UnprocessableError',
  'UnsupportedMediaTypeError',
  'ServiceUnavailableError',
  'TooManyRequestsError',
].join('|');
const FIXED_TEXT = String.raw`(?:'((?:[^'\\\n]|\\.)+)'|\x60([^\x60$]+)\x60)`;
const WRITTEN = [
  new RegExp(String.raw`\brefusal\(\s*\d{3},\s*${FIXED_TEXT}`, 'g'),
  new RegExp(String.raw`\bnew (?:${HTTP_ERRORS})\(\s*(?:\w+,\s*)?${FIXED_TEXT}`, 'g'),
  new RegExp(String.raw`(?:\d{3}|value): \{ error: ${FIXED_TEXT}`, 'g'),
];

function sitesIn(source: string, path: string): Site[] {
  return WRITTEN.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => ({
      text: match[1] ?? match[2] ?? '',
      where: `${path}:${source.slice(0, match.index).split('\n').length}`,
    })),
  );
}

/** Each text written in more than one place, with the places. */
function writtenTwice(sites: Site[]): Record<string, string[]> {
  const byText = new Map<string, string[]>();
  for (const { text, where } of sites) byText.set(text, [...(byText.get(text) ?? []), where]);
  return Object.fromEntries([...byText].filter(([, places]) => places.length > 1));
}

const sharedSites = (): Site[] =>
  readdirSync(join(REPO_ROOT, 'shared'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name)))
    .flatMap((path) => sitesIn(readFileSync(join(REPO_ROOT, path), 'utf8'), path));

describe('error texts', () => {
  it('finds the texts of refusals, of thrown HTTP errors and of documented examples', () => {
    const source = [
      "export const GONE = refusal(404, 'Gone');",
      "throw new ConflictError('Busy, please retry');",
      'throw new TooManyRequestsError(retryAfter, `Slow down`);',
      "examples: { responses: { 409: { error: 'Busy, please retry' } } },",
      "id: z.string().check(z.regex(UUID, { error: 'Must be a UUID' })),",
      "throw new FieldError('iban', 'Invalid IBAN');",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal, as the scan reads it
      'throw new ConflictError(`Only a PENDING bank; this one is ${status}`);',
    ].join('\n');

    expect(sitesIn(source, 'x.ts')).toEqual([
      { text: 'Gone', where: 'x.ts:1' },
      { text: 'Busy, please retry', where: 'x.ts:2' },
      { text: 'Slow down', where: 'x.ts:3' },
      { text: 'Busy, please retry', where: 'x.ts:4' },
    ]);
    expect(writtenTwice(sitesIn(source, 'x.ts'))).toEqual({ 'Busy, please retry': ['x.ts:2', 'x.ts:4'] });
  });

  it('writes each fixed text once in shared/', () => {
    const sites = sharedSites();

    expect(sites.length).toBeGreaterThan(30);
    expect(writtenTwice(sites)).toEqual({});
  });
});

describe('the refusals of the route table', () => {
  it('are refusal constants, each answered with an error status', () => {
    for (const route of routeList) {
      for (const refusal of route.refusals ?? []) {
        expect(refusal, route.operationId).toBeInstanceOf(Refusal);
        expect(refusal.status, `${route.operationId} ${refusal.message}`).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('throw the error class and text the use cases threw inline before', () => {
    const bankNotPending = routeList
      .find((route) => route.operationId === 'sandboxRejectWithdrawalBank')
      ?.refusals?.find((refusal) => refusal.status === 409) as Refusal<[string, string]>;
    const error = bankNotPending.error('rejected', 'REJECTED');

    expect(error).toMatchObject({
      name: 'ConflictError',
      statusCode: 409,
      expose: true,
      headers: {},
      message: 'Only a PENDING withdrawal bank can be rejected; this one is REJECTED',
    });
    expect(bankNotPending.message).toBe('Only a PENDING withdrawal bank can be rejected; this one is ACTIVE');
  });
});
