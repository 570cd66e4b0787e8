/**
 * Errors that carry their HTTP meaning. Domain code throws these (or subclasses); the error middleware turns
 * them into `{"error": message}` with the status. Anything else is a 500 whose details stay in the logs.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly expose = true;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

/**
 * A request-shape failure for one field: the message is `<field>: <reason>`, or the caller's `message` (Compose's
 * sentences, `#shared/validation/compose-texts.ts`) with each field's reason in `fields`.
 */
export class FieldError extends BadRequestError {
  constructor(
    readonly field: string,
    readonly reason: string,
    message?: string,
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message ?? (field ? `${field}: ${reason}` : reason));
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = UNAUTHORIZED.message) {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = NOT_FOUND.message) {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** `64 KiB`, `10 MB`: a byte limit as people say it. */
export const formatByteLimit = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KiB`;

export class PayloadTooLargeError extends HttpError {
  constructor(limitBytes: number, what = 'Request body') {
    super(413, `${what} exceeds ${formatByteLimit(limitBytes)}`);
  }
}

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'Content-Type must be application/json') {
    super(415, message);
  }
}

export class UnprocessableError extends HttpError {
  constructor(message: string) {
    super(422, message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number, message = TOO_MANY_REQUESTS.message) {
    super(429, message, { 'retry-after': String(retryAfterSeconds) });
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(message = 'Service temporarily unavailable, please retry', retryAfterSeconds = 1) {
    super(503, message, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** The error class of each status a refusal answers with, so a refusal throws what the inline `new ...Error` did. */
const ERROR_CLASSES: Partial<Record<number, new (message: string) => HttpError>> = {
  400: BadRequestError,
  403: ForbiddenError,
  404: NotFoundError,
  409: ConflictError,
  415: UnsupportedMediaTypeError,
  422: UnprocessableError,
  503: ServiceUnavailableError,
};

/**
 * A refusal with its status and text, declared once beside the rule that answers it: the use case throws
 * `REFUSAL.error(...)`, the route row names it in `refusals` (its status and its text as the documented example).
 * A text with a part that varies is a template; `example` fills it for the document.
 */
export class Refusal<A extends unknown[] = []> {
  constructor(
    readonly status: number,
    private readonly text: (...args: A) => string,
    private readonly example: A,
  ) {}

  /** The text as the document shows it. */
  get message(): string {
    return this.text(...this.example);
  }

  /** The same refusal, documented with another example (a route that answers it with other arguments). */
  withExample(...example: A): Refusal<A> {
    return new Refusal(this.status, this.text, example);
  }

  error(...args: A): HttpError {
    const ErrorClass = ERROR_CLASSES[this.status];
    return ErrorClass ? new ErrorClass(this.text(...args)) : new HttpError(this.status, this.text(...args));
  }
}

export function refusal(status: number, text: string): Refusal;
export function refusal<A extends unknown[]>(status: number, text: (...args: A) => string, ...example: A): Refusal<A>;
export function refusal<A extends unknown[]>(status: number, text: string | ((...args: A) => string), ...example: A) {
  return typeof text === 'string' ? new Refusal(status, () => text, []) : new Refusal(status, text, example);
}

/** A path that names nothing: unknown routes, sandbox routes for a live organization, a missing docs asset. */
export const NOT_FOUND = refusal(404, 'Not found');
/** The one 401: a missing, unknown or revoked key, a session that is not (or no longer) one, a refused passkey. */
export const UNAUTHORIZED = refusal(401, 'Unauthorized - Invalid or missing API key or session');
/** A key sent without its scheme (`Authorization: sk_...`): Compose's 401 text, and how to send it. */
export const BEARER_SCHEME_MISSING = refusal(
  401,
  'Unauthorized - Invalid or missing API key or session: send the key as "Authorization: Bearer <key>"',
);
/** Over a rate limit; thrown as `TooManyRequestsError`, which adds its `Retry-After`. */
export const TOO_MANY_REQUESTS = refusal(429, 'Too many requests');
