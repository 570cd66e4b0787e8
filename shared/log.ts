import { AsyncLocalStorage } from 'node:async_hooks';
import { LogFormatter, Logger, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { config } from '#shared/config/env.ts';

/**
 * Structured JSON lines through Powertools for AWS Lambda's Logger: one object per line, `level`, `time`,
 * `message`, `service`, the X-Ray trace id when tracing is on, the keys of the request being served
 * (`requestId`, `organizationId`, `transactionId`, ...) and the fields of the call. Secrets never reach a line.
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

class RedactingFormatter extends LogFormatter {
  override formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const base: LogAttributes = {
      level: attributes.logLevel.toLowerCase(),
      time: this.formatTimestamp(attributes.timestamp),
      message: this.redact(attributes.message) as string,
      service: attributes.serviceName,
      xrayTraceId: attributes.xRayTraceId,
    };
    return new LogItem({ attributes: base }).addAttributes(this.redact(additional) as LogAttributes);
  }

  redact(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') {
      return value.replace(API_KEY_IN_TEXT, `$1${REDACTED}`).replace(SESSION_IN_TEXT, `$1${REDACTED}`);
    }
    if (value === null || typeof value !== 'object') return value;
    if (depth > MAX_DEPTH) return '[too deep]';
    if (value instanceof Error) return this.redact(this.formatError(value), depth + 1);
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map((item) => this.redact(item, depth + 1));
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, isSecretKey(key) ? REDACTED : this.redact(item, depth + 1)]),
    );
  }
}

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
const scope = new AsyncLocalStorage<LogKeys>();

/** Runs `fn` with `keys` on every line it logs (nested scopes add to the outer keys). */
export function withLogKeys<T>(keys: LogKeys, fn: () => T): T {
  return scope.run({ ...scope.getStore(), ...keys }, fn);
}

/** Adds keys to the current scope from here on, e.g. a use case that has just created a transaction. */
export function appendLogKeys(keys: LogKeys): void {
  const current = scope.getStore();
  if (current) Object.assign(current, keys);
}

const LEVELS = { debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', silent: 'SILENT' } as const;

let instance: Logger | undefined;

/** Built on first use, so the level is read with the rest of the configuration (at cold start, not at import). */
function logger(): Logger {
  if (!instance) {
    const { logLevel, serviceName } = config();
    instance = new Logger({ serviceName, logLevel: LEVELS[logLevel], logFormatter: new RedactingFormatter() });
  }
  return instance;
}

type Fields = Record<string, unknown>;
const fieldsWithKeys = (fields: Fields | undefined): Fields => ({ ...scope.getStore(), ...fields });

export const log = {
  debug: (message: string, fields?: Fields) => logger().debug(message, fieldsWithKeys(fields)),
  info: (message: string, fields?: Fields) => logger().info(message, fieldsWithKeys(fields)),
  warn: (message: string, fields?: Fields) => logger().warn(message, fieldsWithKeys(fields)),
  error: (message: string, fields?: Fields) => logger().error(message, fieldsWithKeys(fields)),
};
