import { createServer } from 'node:net';

/** A TCP port that is free on loopback right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** True when `port` can be bound on loopback right now (a port kept from an earlier start may have been taken). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A start that failed because its port was taken: `onFreePort` tries another. */
export class PortTakenError extends Error {}

/** What a server that could not bind its port says (Node's `EADDRINUSE`, Java's `BindException`). */
export const saysPortTaken = (output: string) => /EADDRINUSE|Address already in use/.test(output);

/**
 * Starts a server on `given`, or on a free port. A port found free can be taken by another process before the
 * server binds it (a JVM takes seconds to start, and a busy machine opens connections from the same range all
 * the time): then the start fails with `PortTakenError` and runs again on another free port.
 */
export async function onFreePort<T>(given: number | undefined, start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = given ?? (await freePort());
    try {
      return await start(port);
    } catch (error) {
      if (given !== undefined || attempt >= 5 || !(error instanceof PortTakenError)) throw error;
    }
  }
}
