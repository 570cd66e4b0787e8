import { config } from '#shared/config/env.ts';
import { scoped, scopeSlot, withScoped } from '#shared/request-scope.ts';

/**
 * Structured JSON lines: one object per line, `level`, `time`, `message`, `service`, the X-Ray trace id when
 * tracing is on, the keys of the request being served (`requestId`, `organizationId`, `transactionId`, ...) and the
 * fields of the call; info and debug on stdout, warn and error on stderr, as CloudWatch Logs takes them from a
 * Lambda function. Secrets never reach a line. Written here rather than through a logging library: this is all the
 * service needs, and a library's weight would be in every function's bundle and cold start.
 */

/** Keys whose values are never written, compared without case, `-` or `_` (`x-api-key`, `webhook_secret`). */
const SECRET_KEY_ENDINGS = [
  'authorization',
  'apikey',
  'secret',
  'password',
  'token',
  'privatekey',
  'mnemonic',
  'iban',
  'accountnumber',
  'cookie',
  // API Gateway's payload 2.0 carries the request's cookies (the console session) as `cookies`.
  'cookies',
];
const isSecretKey = (key: string): boolean => {
  const normalized = key.toLowerCase().replace(/[-_]/g, '');
  return SECRET_KEY_ENDINGS.some((ending) => normalized.endsWith(ending));
};

/** An API key inside free text (an error message quoting a header, say) is cut down to its prefix. */
const API_KEY_IN_TEXT = /\b(sk_(?:live|sandbox)_)[0-9A-Za-z]{8,}/g;
/** A console session cookie inside free text (an error quoting the event) keeps only its name. */
const SESSION_IN_TEXT = /((?:__Host-)?console_session=)[0-9A-Za-z]{8,}/g;
const REDACTED = '[redacted]';
const MAX_DEPTH = 8;

function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.replace(API_KEY_IN_TEXT, `$1${REDACTED}`).replace(SESSION_IN_TEXT, `$1${REDACTED}`);
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[too deep]';
  if (value instanceof Error) return redact(errorFields(value), depth + 1);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, isSecretKey(key) ? REDACTED : redact(item, depth + 1)]),
  );
}

/** An error as plain fields (JSON has no Error): its name, message, stack and cause. */
const errorFields = (error: Error): Record<string, unknown> => ({
  name: error.name,
  message: error.message,
  stack: error.stack,
  ...(error.cause === undefined ? {} : { cause: error.cause }),
});

/** The trace's root id from the header Lambda sets when X-Ray tracing is on (`Root=1-...;Parent=...;Sampled=1`). */
const xrayTraceId = (): string | undefined => process.env._X_AMZN_TRACE_ID?.match(/Root=([^;]+)/)?.[1];

export type LogKeys = {
  requestId?: string;
  organizationId?: string;
  transactionId?: string;
  [key: string]: unknown;
};

/**
 * The keys of the invocation being served. Scoped per async call chain rather than set on the (global) logger,
 * so requests that interleave in one process (the local runtime) never lend each other their keys.
 */
const LOG_KEYS = scopeSlot<LogKeys>('log keys');

/** Runs `fn` with `keys` on every line it logs (nested scopes add to the outer keys). */
export function withLogKeys<T>(keys: LogKeys, fn: () => T): T {
  return withScoped(LOG_KEYS, { ...scoped(LOG_KEYS), ...keys }, fn);
}

/** Adds keys to the current scope from here on, e.g. a use case that has just created a transaction. */
export function appendLogKeys(keys: LogKeys): void {
  const current = scoped(LOG_KEYS);
  if (current) Object.assign(current, keys);
}

type Level = 'debug' | 'info' | 'warn' | 'error';
const RANK = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 } as const;

type Fields = Record<string, unknown>;

function write(level: Level, message: string, fields: Fields | undefined): void {
  const { logLevel, serviceName } = config();
  if (RANK[level] < RANK[logLevel]) return;
  const line = {
    level,
    time: new Date().toISOString(),
    message: redact(message),
    service: serviceName,
    xrayTraceId: xrayTraceId(),
    ...(redact({ ...scoped(LOG_KEYS), ...fields }) as Fields),
  };
  (RANK[level] >= RANK.warn ? process.stderr : process.stdout).write(`${JSON.stringify(line)}\n`);
}

export const log = {
  debug: (message: string, fields?: Fields) => write('debug', message, fields),
  info: (message: string, fields?: Fields) => write('info', message, fields),
  warn: (message: string, fields?: Fields) => write('warn', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
};
