import { randomBytes } from 'node:crypto';
import { createTestClient, createWalletClient, erc20Abi, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetChainCursor } from '#shared/deposits/chain-cursor-repository.ts';
import type { Deps } from '#shared/deps.ts';
import { parseUnits } from '#shared/rails/chain/units.ts';
import type { Transaction } from '#shared/transactions/schemas.ts';
import { ownershipMessage } from '#shared/travel-rule/ownership-proof.ts';
import { findDepositAddress } from '#shared/wallets/repository.ts';
import { type Bank, eurBank, givenCustomer } from '#test/support/banks/bank-requests.ts';
import { givenMemberSession } from '#test/support/console/member-sessions.ts';
import { creditSent, givenForwarder } from '#test/support/custody/forwarders.ts';
import { startSweeperChain } from '#test/support/custody/sweeper-chain.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { eventsOfTransaction } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * The Travel Rule data of USDC arriving at a customer's deposit address (shared/treasury/README.md "Travel Rule"):
 * stored with the deposit, its originator MISSING (the chain names only the sending address), listed and announced,
 * completed by the integrator (bad input refused, the customer's self-hosted address proven above EUR 1,000), read
 * through the API and the console, and exported beside the sends.
 */
process.env.LOG_LEVEL = 'error';
const { deps: tableDeps } = useOwnTable();
const { request, origin } = useApi();

let sweeper: Awaited<ReturnType<typeof startSweeperChain>>;
let deps: Deps;

beforeAll(async () => {
  sweeper = await startSweeperChain();
  const forwarders = { base: sweeper.factory };
  deps = { ...tableDeps, config: { ...tableDeps.config, deposits: { ...tableDeps.config.deposits, forwarders } } };
}, 120_000);

afterAll(async () => {
  await sweeper?.stop();
});

type TravelRule = {
  direction: string;
  deposit: { originatorStatus: string; missing: string[] } | null;
  ivms101: { originator: { originatorPersons: unknown[] } };
};

const txHash = () => `0x${randomBytes(32).toString('hex')}`;

/** A key of the test's own holding USDC and gas on the local chain: the sender of a deposit. */
async function givenSender(usdc: string) {
  const sender = privateKeyToAccount(generatePrivateKey());
  await createTestClient({ mode: 'hardhat', transport: http(sweeper.chain.rpcUrl) }).setBalance({
    address: sender.address,
    value: parseEther('1'),
  });
  await sweeper.chain.send(sender.address, usdc);
  const wallet = createWalletClient({ account: sender, transport: http(sweeper.chain.rpcUrl) });
  const transfer = (to: string, amount: string) =>
    wallet.writeContract({
      address: sweeper.chain.usdcAddress,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Hex, parseUnits(amount, 6)],
      chain: null,
    });
  return { account: sender, transfer };
}

describe('USDC arriving at a forwarder on the local chain', () => {
  it("stores the leg's Travel Rule data with the deposit, MISSING its originator until the integrator completes it", async () => {
    const forwarder = await givenForwarder(deps, request);
    const key = forwarder.apiKey;
    const owner = await findDepositAddress(deps.db, forwarder.address);
    if (!owner?.forwarder) throw new Error('the deposit address is not a forwarder');
    const { customerId } = owner;
    const sender = await givenSender('1500');
    await resetChainCursor(deps.db, 'base');
    const startBlock = (await sweeper.chain.head()) + 1n;
    await sender.transfer(forwarder.address, '1500');
    await creditSent(deps, sweeper.chain, startBlock);

    const transactions = await request<Transaction[]>('GET', `/customers/${customerId}/transactions`, { key });
    const [deposit] = transactions.body;
    if (!deposit) throw new Error('the deposit was not credited');
    const path = `/customers/${customerId}/transactions/${deposit.id}/travel-rule`;
    const read = await request<TravelRule>('GET', path, { key });
    expect(read.status).toBe(200);
    const customer = expect.objectContaining({
      naturalPerson: expect.objectContaining({ customerIdentification: customerId }),
    });
    expect(read.body).toMatchObject({
      transactionId: deposit.id,
      direction: 'INBOUND',
      send: null,
      deposit: {
        chain: 'base',
        txHash: deposit.txHash,
        from: sender.account.address,
        to: forwarder.address,
        amount: '1500.00',
        originatorStatus: 'MISSING',
        missing: ['originator.originatorPersons', 'sourceCustodian'],
        completedBy: null,
      },
      custodian: null,
      eurValue: '1380.00',
      ivms101: {
        originator: { originatorPersons: [], accountNumber: [sender.account.address] },
        beneficiary: { beneficiaryPersons: [customer], accountNumber: [forwarder.address] },
        beneficiaryVASP: { legalPerson: { customerNumber: forwarder.organizationId } },
      },
      ownershipProof: null,
    });
    const events = async () => (await eventsOfTransaction(deps, deposit.id)).map((event) => event.event_type);
    const missing = await request<{ count: number; items: { transactionId: string }[] }>(
      'GET',
      '/travel-rule/missing-originators',
      { key },
    );
    expect(missing.body).toMatchObject({ count: 1, items: [{ transactionId: deposit.id }] });

    // Refused: nothing given, an IVMS101 person without a name, a malformed LEI, an unknown field, and the customer's
    // own self-hosted address above EUR 1,000 without (or with a forged) proof of control.
    const complete = (body: unknown) => request<Record<string, unknown>>('POST', `${path}/originator`, { key, body });
    const refusals = [
      [
        {},
        'originator: Give the originator (a natural or legal person, or CUSTOMER), or the originatingVasp holding the address',
      ],
      [{ originator: { naturalPerson: { name: { nameIdentifier: [] } } } }, expect.stringMatching(/^originator/)],
      [{ originatingVasp: { name: 'Exchange', lei: 'not-a-lei' } }, 'originatingVasp.lei: Must be a 20-character LEI'],
      [
        { originatingVasp: { name: 'Exchange', lei: '529900T8BM49AURSDO56' } },
        'originatingVasp.lei: Check digits do not match: not an LEI (ISO 17442)',
      ],
      [{ originator: 'CUSTOMER', color: 'red' }, expect.stringContaining('color')],
      [
        { originator: 'CUSTOMER' },
        "ownershipSignature: Above EUR 1,000 from the customer's self-hosted address, the address's EIP-191 signature of the ownership message is required",
      ],
    ] as const;
    for (const [body, error] of refusals) {
      const refused = await complete(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toEqual({ error });
    }
    const message = ownershipMessage(forwarder.organizationId, customerId, sender.account.address);
    const forger = privateKeyToAccount(generatePrivateKey());
    const forged = await complete({
      originator: 'CUSTOMER',
      ownershipSignature: await forger.signMessage({ message }),
    });
    expect(forged.body).toEqual({ error: 'signature: The signature does not prove control of the address' });
    expect((await request<TravelRule>('GET', path, { key })).body.deposit?.originatorStatus).toBe('MISSING');

    const signature = await sender.account.signMessage({ message });
    const completed = await complete({ originator: 'CUSTOMER', ownershipSignature: signature });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      deposit: { originatorStatus: 'COMPLETE', missing: [], completedBy: expect.stringMatching(/^apiKey:/) },
      custodian: { type: 'SELF_HOSTED' },
      ivms101: { originator: { originatorPersons: [customer], accountNumber: [sender.account.address] } },
      ownershipProof: { message, signature },
    });
    expect((await complete({ originator: 'CUSTOMER' })).status).toBe(409);
    expect(await events()).toContain('travel_rule.originator_completed');
    expect((await request('GET', '/travel-rule/missing-originators', { key })).body).toEqual({ count: 0, items: [] });

    // The console's transaction page reads it with a member's session (any role), not with the key.
    const viewer = await givenMemberSession(deps, forwarder.organizationId, 'viewer');
    const consolePath = `${origin()}/api/console/transactions/${deposit.id}/travel-rule`;
    const seen = await request<TravelRule>('GET', consolePath, { headers: viewer.headers });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(completed.body);
    expect((await request('GET', consolePath, { key })).status).toBe(401);
    const unknown = `${origin()}/api/console/transactions/${crypto.randomUUID()}/travel-rule`;
    expect((await request('GET', unknown, { headers: viewer.headers })).status).toBe(404);

    // From the address the customer proved, the next deposit's originator is known at once.
    const again = await request<Transaction>('POST', '/sandbox/deposits', {
      key,
      body: { chain: 'base', address: forwarder.address, amount: '10', txHash: txHash(), from: sender.account.address },
    });
    expect(again.status).toBe(201);
    const known = await request<TravelRule>(
      'GET',
      `/customers/${customerId}/transactions/${again.body.id}/travel-rule`,
      {
        key,
      },
    );
    expect(known.body).toMatchObject({
      deposit: { originatorStatus: 'COMPLETE', missing: [] },
      custodian: { type: 'SELF_HOSTED' },
      ivms101: { originator: { originatorPersons: [customer] } },
      ownershipProof: { signature },
    });

    const auditor = await givenMemberSession(deps, forwarder.organizationId, 'admin');
    const exported = await request<string>('GET', `${origin()}/api/console/exports/travel-rule`, {
      headers: auditor.headers,
    });
    expect(exported.status).toBe(200);
    const lines = String(exported.body)
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({
        leg: 'DEPOSIT',
        transactionId: deposit.id,
        from: sender.account.address,
        originatorStatus: 'COMPLETE',
        ownershipProof: expect.objectContaining({ signature }),
      }),
      expect.objectContaining({ leg: 'DEPOSIT', transactionId: again.body.id, originatorStatus: 'COMPLETE' }),
    ]);
  });
});

describe("a deposit from another provider's address", () => {
  it('is completed with the originator person and the originating VASP (its LEI as IVMS101 names it)', async () => {
    const { apiKey: key } = await givenOrganization(deps);
    const customerId = await givenCustomer(request, key);
    const { body: bank } = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      key,
      body: eurBank(),
    });
    const address = bank.wallets.find((wallet) => wallet.chain === 'base')?.address;
    const from = privateKeyToAccount(generatePrivateKey()).address;
    const deposit = await request<Transaction>('POST', '/sandbox/deposits', {
      key,
      body: { chain: 'base', address, amount: '20', txHash: txHash(), from },
    });
    expect(deposit.status).toBe(201);
    const path = `/customers/${customerId}/transactions/${deposit.body.id}/travel-rule`;
    expect((await request<TravelRule>('GET', path, { key })).body.deposit?.originatorStatus).toBe('MISSING');

    const grace = {
      naturalPerson: {
        name: {
          nameIdentifier: [{ primaryIdentifier: 'Hopper', secondaryIdentifier: 'Grace', nameIdentifierType: 'LEGL' }],
        },
        geographicAddress: [{ addressType: 'HOME', townName: 'Berlin', country: 'DE' }],
      },
    };
    const body = { originator: grace, originatingVasp: { name: 'Example Exchange GmbH', lei: '529900T8BM49AURSDO55' } };
    // Two completions at once: one is written, the other is told it is complete.
    const [first, second] = await Promise.all([
      request('POST', `${path}/originator`, { key, body }),
      request('POST', `${path}/originator`, { key, body }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const completed = first.status === 200 ? first : second;
    expect(completed.body).toMatchObject({
      deposit: { originatorStatus: 'COMPLETE', missing: [] },
      custodian: { type: 'VASP', name: 'Example Exchange GmbH', lei: '529900T8BM49AURSDO55' },
      ivms101: {
        originator: { originatorPersons: [grace], accountNumber: [from] },
        originatingVASP: {
          legalPerson: {
            name: {
              nameIdentifier: [{ legalPersonName: 'Example Exchange GmbH', legalPersonNameIdentifierType: 'LEGL' }],
            },
            nationalIdentification: { nationalIdentifier: '529900T8BM49AURSDO55', nationalIdentifierType: 'LEIX' },
          },
        },
      },
      ownershipProof: null,
    });
    const other = await givenOrganization(deps);
    expect((await request('GET', path, { key: other.apiKey })).status).toBe(404);
  });
});
