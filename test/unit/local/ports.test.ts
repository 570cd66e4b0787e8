import { describe, expect, it } from 'vitest';
import { onFreePort, PortTakenError, saysPortTaken } from '#infra/local/ports.ts';

describe('starting a local server on a free port', () => {
  it('starts again on another free port when the one picked was taken before the server bound it', async () => {
    const tried: number[] = [];
    const started = await onFreePort(undefined, async (port) => {
      tried.push(port);
      if (tried.length < 3) throw new PortTakenError(`port ${port} taken`);
      return port;
    });

    expect(tried).toHaveLength(3);
    expect(started).toBe(tried[2]);
    for (const port of tried) expect(port).toBeGreaterThan(0);
  });

  it('gives up after five ports, and at once on a port given or on any other failure', async () => {
    let starts = 0;
    const taken = async (port: number): Promise<number> => {
      starts += 1;
      throw new PortTakenError(`port ${port} taken`);
    };
    await expect(onFreePort(undefined, taken)).rejects.toThrow(PortTakenError);
    expect(starts).toBe(5);

    starts = 0;
    await expect(onFreePort(4321, taken)).rejects.toThrow('port 4321 taken');
    expect(starts).toBe(1);

    starts = 0;
    await expect(
      onFreePort(undefined, async () => {
        starts += 1;
        throw new Error('no Java');
      }),
    ).rejects.toThrow('no Java');
    expect(starts).toBe(1);
  });

  it("recognises Node's and Java's words for a port already in use", () => {
    expect(saysPortTaken('Error: listen EADDRINUSE: address already in use 127.0.0.1:8545')).toBe(true);
    expect(saysPortTaken('Caused by: java.net.BindException: Address already in use')).toBe(true);
    expect(saysPortTaken('Exception in thread "main" java.lang.OutOfMemoryError')).toBe(false);
  });
});
