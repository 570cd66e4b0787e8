/** `cookies`: `Set-Cookie` values (API Gateway's v2 `cookies` field; the console's session). */
export type ReplyOptions = { statusCode?: number; headers?: Record<string, string>; cookies?: string[] };

/** A response with a status or headers of its own; a handler that returns a plain value gets the route's status. */
export class Reply {
  constructor(
    readonly body: unknown,
    readonly options: ReplyOptions = {},
  ) {}
}

export const reply = (body: unknown, options: ReplyOptions = {}) => new Reply(body, options);

/**
 * A body that is not JSON (the docs page and its assets), sent as given with its own content type; a Buffer
 * goes out base64-encoded, as API Gateway expects binary bodies.
 */
export class RawReply {
  constructor(
    readonly body: string | Buffer,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
  ) {}
}
