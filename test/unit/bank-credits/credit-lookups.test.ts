import '#test/support/env.ts';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { creditLookups } from '#shared/bank-credits/match-credit.ts';
import { referenceCandidates } from '#shared/bank-credits/reference-match.ts';
import { systemClock } from '#shared/clock.ts';
import { parseConfig } from '#shared/config/env.ts';
import { createDb } from '#shared/db/client.ts';
import type { Deps } from '#shared/deps.ts';

/**
 * The deposit references a report's remittances may name, read before its credits are matched: the real SDK client
 * against a loopback DynamoDB stand-in that counts its BatchGetItems, and against one that never answers (a call
 * that outlives its timeout, as DynamoDB Local under load).
 */
const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listening(server: Server) {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const depsOn = (endpoint: string, timeouts = { connectionTimeout: 2_000, requestTimeout: 5_000 }) => {
  const config = parseConfig({ ...process.env, DYNAMODB_ENDPOINT: endpoint });
  return { db: createDb(config, timeouts), clock: systemClock, config } as unknown as Deps;
};

/** A statement's remittances: 40 credits of 4 customers, each quoting its reference as payers do (spaced, cased). */
const REFERENCES = ['AB12CD34EF', 'GH56JK78MN', 'PQ90RS12TU', 'VW34XY56ZA'];
const candidates = Array.from({ length: 40 }, (_, n) => {
  const reference = REFERENCES[n % REFERENCES.length] ?? '';
  return referenceCandidates([`deposit ${reference.slice(0, 5)} ${reference.slice(5)}`.toLowerCase()]);
}).flat();

describe("a report's deposit references", () => {
  it('are each read once, in batches of at most 100, and name their customers', async () => {
    const batches: string[][] = [];
    const endpoint = await listening(
      createHttpServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => {
          body += chunk;
        });
        request.on('end', () => {
          const { RequestItems } = JSON.parse(body) as {
            RequestItems: Record<string, { Keys: { pk: { S: string } }[] }>;
          };
          const [table, { Keys }] = Object.entries(RequestItems)[0] as [string, { Keys: { pk: { S: string } }[] }];
          batches.push(Keys.map((key) => key.pk.S));
          const known = Keys.filter((key) => key.pk.S === `DEPOSITREF#${REFERENCES[0]}`).map((key) => ({
            ...key,
            sk: { S: 'DEPOSITREF' },
            organizationId: { S: 'org-1' },
            customerId: { S: 'customer-1' },
          }));
          response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
          response.end(JSON.stringify({ Responses: { [table]: known }, UnprocessedKeys: {} }));
        });
      }) as unknown as Server,
    );
    const lookups = creditLookups(depsOn(endpoint));

    const owners = await lookups.references(candidates);
    await lookups.references(candidates.slice(0, 20));

    const distinct = new Set(candidates);
    expect(candidates.length).toBeGreaterThan(200);
    expect(batches.flat().sort()).toEqual([...distinct].map((ref) => `DEPOSITREF#${ref}`).sort());
    expect(Math.max(...batches.map((keys) => keys.length))).toBeLessThanOrEqual(100);
    expect(owners).toHaveLength(candidates.length);
    expect(owners.filter((owner) => owner !== undefined)).toHaveLength(10);
    expect(owners.find((owner) => owner !== undefined)).toMatchObject({ organizationId: 'org-1' });
  });

  it('whose reads outlive their timeout fail the lookup and leave no rejection unhandled', async () => {
    const endpoint = await listening(createServer((socket) => sockets.push(socket)));
    const lookups = creditLookups(depsOn(endpoint, { connectionTimeout: 200, requestTimeout: 300 }));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(lookups.references(candidates)).rejects.toThrow(/requestTimeout/);
      // Every read has failed by now; a rejection nobody handles is reported after its microtasks.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(lookups.references(candidates.slice(0, 5))).rejects.toThrow(/requestTimeout/);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
