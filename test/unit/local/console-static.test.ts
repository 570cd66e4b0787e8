import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveConsole } from '#infra/local/console-static.ts';

describe('the console served locally', () => {
  const root = mkdtempSync(join(tmpdir(), 'payouts-console-static-'));
  const dir = join(root, 'build');
  let server: Server;
  let base: string;

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'index-abc.css'), 'body{}');
    writeFileSync(join(dir, '.source-hash'), 'secret-ish');
    writeFileSync(join(root, 'outside.txt'), 'not for the browser');
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      void serveConsole(dir, req.method ?? 'GET', url.pathname, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the page and its assets with their content types, the page uncached and the assets immutable', async () => {
    const page = await fetch(`${base}/console/`);
    const script = await fetch(`${base}/console/assets/index-abc.js`);
    const style = await fetch(`${base}/console/assets/index-abc.css`);

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(await page.text()).toBe('<div id="root"></div>');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers any app path with the page, a missing asset with 404, and /console with a redirect', async () => {
    const appPath = await fetch(`${base}/console/approvals`);
    const missing = await fetch(`${base}/console/assets/gone.js`);
    const bare = await fetch(`${base}/console`, { redirect: 'manual' });

    expect(await appPath.text()).toBe('<div id="root"></div>');
    expect(missing.status).toBe(404);
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe('/console/');
  });

  it('never serves a file outside the build, a dotfile, or to a method other than GET and HEAD', async () => {
    const attempts = [
      '/console/..%2foutside.txt',
      '/console/%2e%2e/outside.txt',
      '/console/assets/..%2f..%2foutside.txt',
      '/console/.source-hash',
      '/console/%2fetc%2fpasswd',
      '/console/%00.js',
    ];
    for (const path of attempts) {
      const response = await fetch(`${base}${path}`);
      const body = await response.text();

      expect(body, path).not.toContain('not for the browser');
      expect(body, path).not.toContain('secret-ish');
      expect([404, 200], path).toContain(response.status);
    }
    expect((await fetch(`${base}/console/`, { method: 'POST' })).status).toBe(405);
  });
});
