import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { CONSOLE_SECURITY_HEADERS } from '#infra/console/headers.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const PREFIX = '/console/';

/**
 * Serves the built console under `/console/`: a file of the build by its path, `index.html` for any other path
 * without an extension (the app routes in the fragment, but a reload of `/console/anything` must still work),
 * 404 otherwise. Nothing outside the build directory is reachable: the path is decoded, normalized and must
 * stay inside it, and dotfiles are never served.
 */
export async function serveConsole(dir: string, method: string, pathname: string, res: ServerResponse) {
  if (pathname === '/console') {
    res.writeHead(308, { location: PREFIX }).end();
    return;
  }
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'application/json' });
    res.end('{"error":"Method not allowed"}');
    return;
  }
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(PREFIX.length));
  } catch {
    relative = '\0';
  }
  const normalized = normalize(relative || 'index.html');
  const unsafe =
    relative.includes('\0') ||
    normalized.startsWith('..') ||
    normalized.split(sep).some((part) => part.startsWith('.')) ||
    normalized.startsWith(sep);
  let file = unsafe ? undefined : join(dir, normalized);
  if (file && !file.startsWith(dir + sep)) file = undefined;
  const found = file ? await stat(file).catch(() => undefined) : undefined;
  if (!found?.isFile()) {
    if (unsafe || extname(normalized)) {
      res.writeHead(404, { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' });
      res.end('{"error":"Not found"}');
      return;
    }
    file = join(dir, 'index.html');
  }
  const target = file ?? join(dir, 'index.html');
  const body = await readFile(target);
  const isIndex = target === join(dir, 'index.html');
  res.writeHead(200, {
    ...CONSOLE_SECURITY_HEADERS,
    'content-type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
    'content-length': String(body.length),
    // Vite names assets by content hash; the page itself must be fetched again to pick up a new build.
    'cache-control': isIndex ? 'no-cache' : 'public, max-age=31536000, immutable',
  });
  res.end(method === 'HEAD' ? undefined : body);
}
