import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonRpcChain } from '#shared/rails/chain/json-rpc-chain.ts';
import { ChainRpcError } from '#shared/rails/chain/port.ts';

/**
 * The exact requests the chain port sends and how it reads what a node answers, against a scripted JSON-RPC
 * server on a real socket. The real node (Hardhat) is in test/integration/chain-watcher and verify-address.
 */

type Request = { method: string; params: unknown[] };
type Reply = { status?: number; result?: unknown; error?: { code: number; message: string } };

const requests: Request[] = [];
let replies: Record<string, Reply[]> = {};
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const { id, method, params } = JSON.parse(body) as Request & { id: number };
      requests.push({ method, params });
      const reply = replies[method]?.shift() ?? { error: { code: -32601, message: 'no reply scripted' } };
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id, ...(reply.status ? {} : reply) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  requests.length = 0;
  replies = {};
});

const TOKEN = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const TOKEN_CHECKSUMMED = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const word = (value: bigint | string) =>
  (typeof value === 'string' ? value.replace(/^0x/, '') : value.toString(16)).padStart(64, '0');
const FROM = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const TO = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';

const log = (overrides: Record<string, unknown> = {}) => ({
  removed: false,
  blockNumber: '0x10',
  blockHash: `0x${'ab'.repeat(32)}`,
  transactionHash: `0x${'cd'.repeat(32)}`,
  logIndex: '0x2',
  address: TOKEN,
  topics: [TRANSFER, `0x${word(FROM)}`, `0x${word(TO)}`],
  data: `0x${word(25_000_000n)}`,
  ...overrides,
});

describe('the JSON-RPC chain port', () => {
  it('asks for Transfer logs of the token in the block range, and decodes only real ERC-20 transfers', async () => {
    replies.eth_getLogs = [
      {
        result: [
          log(),
          log({ removed: true }),
          log({ blockNumber: null }),
          log({ topics: [TRANSFER, `0x${word(FROM)}`, `0x${word(TO)}`, `0x${word(7n)}`], data: '0x' }),
          log({ data: '0x01' }),
        ],
      },
    ];

    const logs = await jsonRpcChain(url).transferLogs({ token: TOKEN, fromBlock: 16n, toBlock: 31n });

    expect(requests).toEqual([
      {
        method: 'eth_getLogs',
        params: [{ address: TOKEN_CHECKSUMMED, topics: [TRANSFER], fromBlock: '0x10', toBlock: '0x1f' }],
      },
    ]);
    expect(logs).toEqual([
      {
        blockNumber: 16n,
        blockHash: `0x${'ab'.repeat(32)}`,
        txHash: `0x${'cd'.repeat(32)}`,
        logIndex: 2,
        token: TOKEN,
        from: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        to: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
        value: 25_000_000n,
      },
    ]);
  });

  it('reads the head, a block hash, and no hash for a block the node does not have', async () => {
    replies.eth_blockNumber = [{ result: '0x1a2b' }];
    replies.eth_getBlockByNumber = [{ result: { hash: '0xfeed' } }, { result: null }];
    const chain = jsonRpcChain(url);

    expect(await chain.headBlockNumber()).toBe(0x1a2bn);
    expect(await chain.blockHash(5n)).toBe('0xfeed');
    expect(await chain.blockHash(6n)).toBeUndefined();
    expect(requests.slice(1).map((request) => request.params)).toEqual([
      ['0x5', false],
      ['0x6', false],
    ]);
  });

  it('reads a Safe from getThreshold() and getOwners(), checksums the owners', async () => {
    replies.eth_call = [{ result: `0x${word(2n)}` }, { result: `0x${word(0x20n)}${word(2n)}${word(FROM)}${word(TO)}` }];

    const setup = await jsonRpcChain(url).safeSetup(TOKEN);

    expect(requests.map((request) => request.params)).toEqual([
      [{ to: TOKEN_CHECKSUMMED, data: '0xe75235b8' }, 'latest'],
      [{ to: TOKEN_CHECKSUMMED, data: '0xa0e67e2b' }, 'latest'],
    ]);
    expect(setup).toEqual({
      threshold: 2,
      owners: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'],
    });
  });

  it.each([
    ['a revert', { error: { code: 3, message: 'execution reverted' } }],
    [
      'a revert in the words of another node',
      { error: { code: -32603, message: 'Transaction reverted without a reason' } },
    ],
    ['an empty answer (no such function)', { result: '0x' }],
    ['owners that run past the data', { result: `0x${word(0x20n)}${word(5n)}${word(FROM)}` }],
    ['an owner that is no address', { result: `0x${word(0x20n)}${word(1n)}${word(2n ** 200n)}` }],
  ])('takes %s for "not a Safe"', async (_case, ownersReply) => {
    replies.eth_call = [{ result: `0x${word(1n)}` }, ownersReply];

    expect(await jsonRpcChain(url).safeSetup(TOKEN)).toBeUndefined();
  });

  it('never takes a node that fails for a "no": its own errors and 4xx are ChainRpcErrors', async () => {
    replies.eth_call = [{ result: `0x${word(1n)}` }, { error: { code: -32005, message: 'limit exceeded' } }];
    replies.eth_getCode = [{ status: 403 }];
    const chain = jsonRpcChain(url);

    await expect(chain.safeSetup(TOKEN)).rejects.toThrow(ChainRpcError);
    await expect(chain.isContract(TOKEN)).rejects.toThrow(/eth_getCode: HTTP 403/);
  });

  it('tries a 5xx or 429 again, twice, and then gives up with a ChainRpcError', async () => {
    replies.eth_getCode = [{ status: 502 }, { status: 429 }, { result: '0x6080' }];
    expect(await jsonRpcChain(url).isContract(TOKEN)).toBe(true);

    replies.eth_blockNumber = [{ status: 503 }, { status: 503 }, { status: 503 }, { result: '0x1' }];
    await expect(jsonRpcChain(url).headBlockNumber()).rejects.toThrow(/eth_blockNumber: HTTP 503/);
    expect(requests.filter((request) => request.method === 'eth_blockNumber')).toHaveLength(3);
  });
});
