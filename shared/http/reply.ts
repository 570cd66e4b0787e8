/** A response with a status or headers of its own; a handler that returns a plain value gets the route's status. */
export class Reply {
  constructor(
    readonly body: unknown,
    readonly options: { statusCode?: number; headers?: Record<string, string> } = {},
  ) {}
}

export const reply = (body: unknown, options: { statusCode?: number; headers?: Record<string, string> } = {}) =>
  new Reply(body, options);

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
