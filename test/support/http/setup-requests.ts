/**
 * Set-up requests (integration and e2e): what a test prepares over the API before it acts. A set-up the service
 * refuses must fail there, saying what it asked and what came back, rather than leave an undefined id for the test
 * to trip on later ("expected 400 to be 201"). A 503 with `Retry-After` is the service saying the database is busy
 * (a loaded machine): the request is sent again after the time it asks, a bounded number of times, since the test is
 * about what comes after, not about the machine.
 */

type Answer<T> = { status: number; headers?: Headers; body: T };

/** Sends of one set-up request at most: with `Retry-After: 1`, about ten seconds of a busy database. */
export const SETUP_ATTEMPTS = 10;

/** The answer when its status is one of `expected`; otherwise an error naming the request, the status and the body. */
export function expectAnswer<T>(what: string, answer: Answer<T>, expected: number | readonly number[]): Answer<T> {
  const statuses = typeof expected === 'number' ? [expected] : expected;
  if (statuses.includes(answer.status)) return answer;
  const retryAfter = answer.headers?.get('retry-after');
  throw new Error(
    `set-up ${what} answered ${answer.status}${retryAfter ? ` (Retry-After: ${retryAfter})` : ''}, not ${statuses.join(' or ')}: ${JSON.stringify(answer.body)}`,
  );
}

/**
 * Sends a set-up request until it answers other than 503 with `Retry-After` (at most `SETUP_ATTEMPTS` times,
 * waiting the seconds asked between them), then checks its status as `expectAnswer` does. Only for requests that
 * may be sent twice: a create that answered 503 made nothing, or made what a second one makes again.
 */
export async function setupRequest<A extends Answer<unknown>>(
  what: string,
  send: () => Promise<A>,
  expected: number | readonly number[],
): Promise<A> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    const retryAfter = Number(answer.headers?.get('retry-after') ?? Number.NaN);
    const busy = answer.status === 503 && Number.isFinite(retryAfter);
    if (!busy || attempt >= SETUP_ATTEMPTS) {
      expectAnswer(what, answer, expected);
      return answer;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter, 5) * 1000));
  }
}
