/** A response with a status or headers of its own; a handler that returns a plain value gets the route's status. */
export class Reply {
  constructor(
    readonly body: unknown,
    readonly options: { statusCode?: number; headers?: Record<string, string> } = {},
  ) {}
}

export const reply = (body: unknown, options: { statusCode?: number; headers?: Record<string, string> } = {}) =>
  new Reply(body, options);
