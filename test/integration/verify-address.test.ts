import { getAddress, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRpcChain } from '#shared/rails/chain/json-rpc-chain.ts';
import type { AddressVerification } from '#shared/wallets/schemas.ts';
import { INVALID_CHECKSUM, INVALID_FORMAT, verifyAddress } from '#shared/wallets/verify-address.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { startTestChain, type TestChain } from '#test/support/rails/local-chain.ts';
import { randomAddress } from '#test/support/wallets/wallet-requests.ts';

/**
 * `POST /verify-address` against the real local node (Hardhat Network): an account with no code, the USDC test
 * token (a contract that is no Safe), and the tests' Safe stand-in compiled from `minimal-safe.sol`.
 */
const deps = integrationDeps();
const { request } = useApi();

let chain: TestChain;
let key: string;
const OWNERS: Hex[] = [
  '0x1111111111111111111111111111111111111111',
  '0x2222222222222222222222222222222222222222',
  '0x3333333333333333333333333333333333333333',
];

beforeAll(async () => {
  chain = await startTestChain();
  // Read by the route on its first request, as `npm start` and the CDK stack set it.
  process.env.CHAIN_RPC = JSON.stringify({ base: { url: chain.rpcUrl } });
  key = (await givenOrganization(deps)).apiKey;
}, 60_000);

afterAll(async () => {
  await chain?.stop();
});

const verify = (body: Record<string, unknown>) =>
  request<AddressVerification>('POST', '/verify-address', { key, body });

describe('POST /verify-address on the local chain', () => {
  it('answers an account without code: valid, no contract, no Safe, no warning', async () => {
    const address = getAddress(randomAddress());

    const res = await verify({ address });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      isValid: true,
      isContract: false,
      isSafeWallet: false,
      warnings: [],
      errors: [],
      address,
      chain: 'base',
      safe: null,
    });
  });

  it('finds code at the USDC test token, and warns that it is a contract but no Safe', async () => {
    const res = await verify({ address: getAddress(chain.usdcAddress), chain: 'base' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isValid: true, isContract: true, isSafeWallet: false, errors: [], safe: null });
    expect(res.body.warnings).toEqual([expect.stringMatching(/smart contract on Base, not a Safe/)]);
  });

  it('recognizes a Safe by its getThreshold() and getOwners(), and shows them', async () => {
    const safe = getAddress(await chain.deployMinimalSafe(OWNERS, 2n));

    const res = await verify({ address: safe.toLowerCase() });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isValid: true,
      isContract: true,
      isSafeWallet: true,
      errors: [],
      address: safe,
      safe: { threshold: 2, owners: OWNERS },
    });
    // Lower case carries no checksum: said, not refused.
    expect(res.body.warnings).toEqual([`Address carries no EIP-55 checksum; its checksummed form is ${safe}`]);
  });

  it('does not take a contract whose answers no Safe would give for a Safe (threshold 0)', async () => {
    const notSafe = await chain.deployMinimalSafe(OWNERS, 0n);

    const res = await verify({ address: notSafe });

    expect(res.body).toMatchObject({ isContract: true, isSafeWallet: false, safe: null });
  });

  it('refuses a wrong EIP-55 checksum and a malformed address in errors, with 200 as Compose answers', async () => {
    const good = getAddress(randomAddress());
    const flipped = good.replace(/[a-fA-F]/, (letter) =>
      letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase(),
    );
    expect(flipped).not.toBe(good);

    const badChecksum = await verify({ address: flipped });
    const malformed = await verify({ address: '0x1234' });

    expect(badChecksum.status).toBe(200);
    expect(badChecksum.body).toMatchObject({ isValid: false, isContract: false, errors: [INVALID_CHECKSUM] });
    expect(badChecksum.body.address).toBeNull();
    expect(malformed.body).toMatchObject({ isValid: false, errors: [INVALID_FORMAT] });
  });

  it('refuses a chain the deployment cannot read (400 naming it) and an unknown chain', async () => {
    const unread = await verify({ address: randomAddress(), chain: 'polygon' });
    const unknown = await verify({ address: randomAddress(), chain: 'solana' });

    expect(unread.status).toBe(400);
    expect(unread.body).toEqual({ error: 'chain: Unsupported chain polygon; this deployment reads base' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: expect.stringMatching(/^chain: /) });
  });

  it('answers 503 when the node does not answer, never a guess', async () => {
    const dead = {
      chains: ['base'] as const,
      portOf: async () => jsonRpcChain('http://127.0.0.1:1', { timeoutMs: 500 }),
    };

    await expect(verifyAddress(dead, { address: randomAddress() })).rejects.toMatchObject({
      statusCode: 503,
      message: 'The base node did not answer, please retry',
    });
  });

  it('needs an API key', async () => {
    const res = await request('POST', '/verify-address', { body: { address: randomAddress() } });

    expect(res.status).toBe(401);
  });
});
