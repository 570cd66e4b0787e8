import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { scoped, scopeSlot, withScoped } from '#shared/request-scope.ts';

const DEADLINE = scopeSlot<number>('deadline (test)');
const KEYS = scopeSlot<{ requestId: string }>('keys (test)');

describe('the request scope', () => {
  it('keeps each slot apart: setting one inherits the others', async () => {
    await withScoped(KEYS, { requestId: 'outer' }, async () => {
      await withScoped(DEADLINE, 42, async () => {
        await sleep(1);
        expect(scoped(KEYS)).toEqual({ requestId: 'outer' });
        expect(scoped(DEADLINE)).toBe(42);
      });
      expect(scoped(DEADLINE)).toBeUndefined();
    });
    expect(scoped(KEYS)).toBeUndefined();
  });

  it('gives requests that interleave in one process their own values', async () => {
    const seen: string[] = [];
    const request = (requestId: string, wait: number) =>
      withScoped(KEYS, { requestId }, async () => {
        await sleep(wait);
        seen.push(`${requestId}:${scoped(KEYS)?.requestId}`);
      });
    await Promise.all([request('first', 10), request('second', 1)]);
    expect(seen.sort()).toEqual(['first:first', 'second:second']);
  });

  it('is the only AsyncLocalStorage of the service: each one hooks every promise of the process', () => {
    const sources = ['shared', 'functions', 'infra'].flatMap((dir) =>
      readdirSync(join(REPO_ROOT, dir), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
        .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name))),
    );
    const creating = sources.filter((path) =>
      /new AsyncLocalStorage\b/.test(readFileSync(join(REPO_ROOT, path), 'utf8')),
    );
    expect(creating).toEqual(['shared/request-scope.ts']);
  });
});
