import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { enforceRouteAccess, withRouteAccess } from '#infra/local/access-check.ts';
import { serveConsole } from '#infra/local/console-static.ts';
import { createRouter } from '#infra/local/router.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { appDeps } from '#shared/deps.ts';
import { formatByteLimit } from '#shared/errors.ts';
import { NOT_FOUND_HANDLER } from '#shared/routes.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';

/**
 * API Gateway accepts up to 10 MB; locally we stop reading a little past the largest body a route takes (a document
 * upload's form), or 1 MB: the handlers enforce each route's own limit (64 KiB for JSON).
 */
const readLimitOf = (routes: readonly RouteDefinition[]) =>
  Math.max(1024 * 1024, ...routes.map((route) => route.request?.form?.maxBytes ?? 0));

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const handlerCache = new Map<string, Promise<LambdaHandler>>();

/** The same module the Lambda runs, imported on first use. */
function loadHandler(entry: string): Promise<LambdaHandler> {
  let loaded = handlerCache.get(entry);
  if (!loaded) {
    loaded = import(pathToFileURL(join(REPO_ROOT, entry)).href).then((mod: { handler: LambdaHandler }) => mod.handler);
    handlerCache.set(entry, loaded);
  }
  return loaded;
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve('too-large');
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const TEXT_TYPES = /^(application\/(json|.*\+json|x-www-form-urlencoded)|text\/)/i;

/** Builds the API Gateway HTTP API (payload format 2.0) event for one request. */
export function toApiGatewayEvent(input: {
  req: IncomingMessage;
  url: URL;
  body: Buffer;
  routeKey: string;
  pathParameters: Record<string, string> | undefined;
}): APIGatewayProxyEventV2 {
  const { req, url, body } = input;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  headers['x-forwarded-proto'] ??= 'http';
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  const now = new Date();
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(req.headers.cookie ? { cookies: req.headers.cookie.split(/;\s*/) } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(input.pathParameters && Object.keys(input.pathParameters).length
      ? { pathParameters: input.pathParameters }
      : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: input.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
}

function lambdaContext(functionName: string, requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function send(res: ServerResponse, result: APIGatewayProxyStructuredResultV2) {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body ?? '';
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

/** The not-found function may touch nothing. */
const NOT_FOUND_ACCESS = { operationId: 'notFound', access: { table: 'none' } } as const;

export type LocalServer = { server: Server; url: string; close: () => Promise<void> };

/** A port bound before the service is ready: requests that arrive meanwhile wait until `serve` takes them. */
export type BoundPort = { server: Server; url: string; serve: (listener: RequestListener) => void };

/**
 * Binds the HTTP port (0: the OS picks one). `npm start` binds first, so that the console's origin, read with
 * the rest of the configuration, names the port actually bound.
 */
export async function bindLocalPort(port: number, host = '127.0.0.1'): Promise<BoundPort> {
  let serve: (listener: RequestListener) => void = () => undefined;
  const ready = new Promise<RequestListener>((resolve) => {
    serve = resolve;
  });
  const server = createServer((req, res) => void ready.then((listener) => listener(req, res)));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return { server, url: `http://localhost:${bound}`, serve };
}

/** The HTTP API on loopback: each request becomes an API Gateway event for the route's own handler module. */
export async function startLocalServer(
  options: {
    routes: readonly RouteDefinition[];
    /** The built console, served at `/console/` (absent: not served). */
    consoleDir?: string;
  } & ({ port: number; host?: string } | { bound: BoundPort }),
): Promise<LocalServer> {
  const match = createRouter(options.routes);
  const readLimit = readLimitOf(options.routes);
  enforceRouteAccess(appDeps().db.client);
  const { server, url, serve } = 'bound' in options ? options.bound : await bindLocalPort(options.port, options.host);
  serve(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (options.consoleDir && (url.pathname === '/console' || url.pathname.startsWith('/console/'))) {
        await serveConsole(options.consoleDir, req.method ?? 'GET', url.pathname, res);
        return;
      }
      const body = await readBody(req, readLimit);
      if (body === 'too-large') {
        send(res, {
          statusCode: 413,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ error: `Request body exceeds ${formatByteLimit(readLimit)}` }),
        });
        return;
      }
      const found = match(req.method ?? 'GET', url.pathname);
      const routeKey = found ? `${found.route.method} ${found.route.path}` : '$default';
      const event = toApiGatewayEvent({ req, url, body, routeKey, pathParameters: found?.pathParameters });
      const handler = await loadHandler(found ? found.route.handler : NOT_FOUND_HANDLER);
      const context = lambdaContext(found?.route.operationId ?? 'notFound', event.requestContext.requestId);
      // Held to the route's table access, as the function's IAM policy holds it in AWS.
      const result = await withRouteAccess(found?.route ?? NOT_FOUND_ACCESS, () => handler(event, context));
      send(res, result);
    } catch (error) {
      // Handlers map their own errors; reaching here means the adapter itself failed.
      process.stderr.write(
        `${JSON.stringify({ level: 'error', message: 'local adapter failure', error: String(error) })}\n`,
      );
      if (!res.headersSent)
        send(res, {
          statusCode: 500,
          headers: { 'content-type': 'application/json' },
          body: '{"error":"Internal server error"}',
        });
    }
  });
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
