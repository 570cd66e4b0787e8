import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createPublicClient, erc20Abi, type Hex, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedAsOperator } from '#shared/console/common/console-rules.ts';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import { keys } from '#shared/db/keys.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { claimDeveloperFees } from '#shared/developer-fees/claim-developer-fees.ts';
import { getOrganizationLedger } from '#shared/ledger/organization-ledger-repository.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { IdentityPayloadSchema } from '#shared/travel-rule/ivms101.ts';
import { ownershipMessage, proveAddressOwnership } from '#shared/travel-rule/ownership-proof.ts';
import { exportTravelRule } from '#shared/treasury/export-travel-rule.ts';
import type { Custodian } from '#shared/treasury/records.ts';
import { registerFeeWallet } from '#shared/treasury/register-fee-wallet.ts';
import { runTreasurySends, type SentChain } from '#shared/treasury/run-treasury-sends.ts';
import { sendOnRampDeposit } from '#shared/treasury/send-onramp-deposit.ts';
import { getSend } from '#shared/treasury/send-repository.ts';
import { jsonRpcTreasuryChain, type TreasuryChain } from '#shared/treasury/treasury-chain.ts';
import { withdrawDeveloperFees } from '#shared/treasury/withdraw-developer-fees.ts';
import { startSweeperChain } from '#test/support/custody/sweeper-chain.ts';
import { useOwnTable } from '#test/support/db/own-table.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { givenTreasury, micro } from '#test/support/treasury/treasury-sends.ts';

/**
 * USDC out of the treasury on the real local chain: signed by the relayer's key in the KMS stand-in, recorded before
 * it is broadcast, looked up on chain before any retry, waiting while the treasury is short or a self-hosted
 * address's ownership is unproven.
 */
process.env.LOG_LEVEL = 'error';
const { deps } = useOwnTable();
const { request } = useApi();

let sweeper: Awaited<ReturnType<typeof startSweeperChain>>;
let settings: SentChain;
let node: TreasuryChain;

beforeAll(async () => {
  sweeper = await startSweeperChain();
  settings = { chain: 'base', usdcAddress: sweeper.chain.usdcAddress, selfHostedProofAboveEur: '1000' };
  node = jsonRpcTreasuryChain(sweeper.chain.rpcUrl);
}, 120_000);

afterAll(async () => {
  await sweeper?.stop();
});

const balanceOf = (owner: string) =>
  createPublicClient({ transport: http(sweeper.chain.rpcUrl) }).readContract({
    address: sweeper.chain.usdcAddress,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner as Hex],
  });

const exportAll = async (organizationId: string) =>
  (
    await exportTravelRule(deps, {
      organizationId,
      usdcAddressOf: () => sweeper.chain.usdcAddress,
      callbackBase: 'https://payouts.example.com',
    })
  ).split('\n');

const run = (port: TreasuryChain = node, d: Deps = deps) => runTreasurySends(d, port, sweeper.relayer, settings);

async function givenOnRamp(treasuryUsdc: string, amount: string, custodian?: Custodian) {
  const given = await givenTreasury(deps, request, sweeper, treasuryUsdc);
  const { transaction, sendId } = await sendOnRampDeposit(deps, {
    organizationId: given.organizationId,
    customerId: given.customerId,
    walletId: given.walletId,
    amount,
    ...(custodian ? { custodian } : {}),
  });
  const deposit = () => getTransactionOfCustomer(deps.db, given.organizationId, given.customerId, transaction.id);
  const send = async () => {
    const found = await getSend(deps.db, given.organizationId, sendId);
    if (!found) throw new Error('no send');
    return found;
  };
  return { ...given, sendId, deposit, send };
}

describe('an on-ramp deposit sent from the treasury', () => {
  it('arrives at the destination wallet, with its txHash on the deposit and the treasury down by exactly that', async () => {
    const onRamp = await givenOnRamp('100', '25');
    expect((await onRamp.deposit())?.status).toBe('PROCESSING');
    const before = await balanceOf(onRamp.treasury);

    const outcome = await run();

    expect(outcome.steps).toContainEqual({ sendId: onRamp.sendId, step: 'mined', reason: null });
    expect(await balanceOf(onRamp.owner.address)).toBe(micro('25'));
    expect(before - (await balanceOf(onRamp.treasury))).toBe(micro('25'));
    const send = await onRamp.send();
    expect(send).toMatchObject({ status: 'MINED', amountMicro: micro('25') });
    expect(send.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await onRamp.deposit()).toMatchObject({ status: 'COMPLETED', txHash: send.txHash });
    expect(outcome.treasuryDisagree).toEqual([]);
    expect(send.treasuryCheck).toMatchObject({ agrees: true, expectedMicro: '-25000000', actualMicro: '-25000000' });
  });

  it("counts a send whose record does not match the treasury's move in its block as a books disagreement", async () => {
    const onRamp = await givenOnRamp('100', '3');
    await run();
    const send = await onRamp.send();
    const unchecked = keys.treasurySendUnchecked('base', BigInt(send.blockNumber ?? '0'), send.sendId);
    await deps.db.client.send(
      new UpdateCommand({
        TableName: deps.db.tableName,
        Key: keys.treasurySend(onRamp.organizationId, send.sendId),
        UpdateExpression: 'SET amountMicro = :overstated, treasuryCheck = :none, gsi1pk = :pk, gsi1sk = :sk',
        ExpressionAttributeValues: {
          ':overstated': '3500000',
          ':none': null,
          ':pk': unchecked.gsi1pk,
          ':sk': unchecked.gsi1sk,
        },
      }),
    );

    const outcome = await run();

    expect(outcome.treasuryDisagree).toEqual([
      expect.objectContaining({ sendId: send.sendId, expectedMicro: '-3500000', actualMicro: '-3000000' }),
    ]);
    expect((await onRamp.send()).treasuryCheck).toMatchObject({ agrees: false });
    expect((await run()).treasuryDisagree).toEqual([]);
  });

  it('is not sent twice when the relayer crashed between recording it and broadcasting it', async () => {
    const onRamp = await givenOnRamp('100', '7');
    const crashing: TreasuryChain = {
      ...node,
      sendRawTransaction: async () => {
        throw new Error('relayer died before the broadcast');
      },
    };

    expect((await run(crashing)).steps).toContainEqual({ sendId: onRamp.sendId, step: 'failed' });
    const recorded = await onRamp.send();
    expect(recorded.status).toBe('SENT');
    expect(await balanceOf(onRamp.owner.address)).toBe(0n);

    await run();
    await run();

    const send = await onRamp.send();
    expect(send.status).toBe('MINED');
    expect(send.attempts).toHaveLength(1);
    expect(send.txHash).toBe(recorded.attempts[0]?.txHash);
    expect(await balanceOf(onRamp.owner.address)).toBe(micro('7'));
  });

  it('is not sent twice when the relayer crashed after broadcasting it', async () => {
    const onRamp = await givenOnRamp('100', '9');
    const crashing: TreasuryChain = {
      ...node,
      sendRawTransaction: async (raw) => {
        await node.sendRawTransaction(raw);
        throw new Error('relayer died after the broadcast');
      },
    };

    await run(crashing);
    await run();
    await run();

    const send = await onRamp.send();
    expect(send).toMatchObject({ status: 'MINED' });
    expect(send.attempts).toHaveLength(1);
    expect(await balanceOf(onRamp.owner.address)).toBe(micro('9'));
  });

  it('waits PROCESSING with its reason while the treasury cannot cover it, then goes', async () => {
    const onRamp = await givenOnRamp('5', '30');

    const short = await run();

    expect(short.treasuryShort).toBeGreaterThanOrEqual(1);
    expect(await onRamp.send()).toMatchObject({ status: 'WAITING', waitingReason: 'TREASURY_SHORT' });
    expect((await onRamp.send()).waitingDetail).toContain('the treasury holds 5.00');
    expect((await onRamp.deposit())?.status).toBe('PROCESSING');
    expect(await balanceOf(onRamp.owner.address)).toBe(0n);

    await sweeper.chain.send(onRamp.treasury, '25');
    await run();

    expect(await onRamp.send()).toMatchObject({ status: 'MINED', waitingReason: null });
    expect(await balanceOf(onRamp.owner.address)).toBe(micro('30'));
    expect(await balanceOf(onRamp.treasury)).toBe(0n);
  });
});

describe('a send to a self-hosted address above EUR 1,000', () => {
  it('waits for an ownership proof, refuses a forged one, and goes with a valid EIP-191 proof', async () => {
    const onRamp = await givenOnRamp('2000', '1500');
    const prove = (signature: string) =>
      proveAddressOwnership(deps, {
        organizationId: onRamp.organizationId,
        customerId: onRamp.customerId,
        address: onRamp.owner.address,
        signature,
      });
    const message = ownershipMessage(onRamp.organizationId, onRamp.customerId, onRamp.owner.address);

    await run();
    expect(await onRamp.send()).toMatchObject({ status: 'WAITING', waitingReason: 'OWNERSHIP_PROOF_REQUIRED' });
    expect(await balanceOf(onRamp.owner.address)).toBe(0n);

    const forger = privateKeyToAccount(generatePrivateKey());
    await expect(prove(await forger.signMessage({ message }))).rejects.toMatchObject({ statusCode: 400 });
    const otherText = await onRamp.owner.signMessage({ message: `${message}\nand more` });
    await expect(prove(otherText)).rejects.toMatchObject({ statusCode: 400 });
    await run();
    expect(await onRamp.send()).toMatchObject({ status: 'WAITING', waitingReason: 'OWNERSHIP_PROOF_REQUIRED' });

    const proof = await prove(await onRamp.owner.signMessage({ message }));
    expect(proof).toMatchObject({ address: onRamp.owner.address, message });
    await run();

    const send = await onRamp.send();
    expect(send.status).toBe('MINED');
    expect(send.travelRule?.ownershipProvenAt).toBe(proof.verifiedAt);
    expect(await balanceOf(onRamp.owner.address)).toBe(micro('1500'));
    const [exported] = (await exportAll(onRamp.organizationId)).map((line) => JSON.parse(line));
    expect(exported).toMatchObject({ txHash: send.txHash, ownershipProof: { message, signature: proof.signature } });
    expect(IdentityPayloadSchema.parse(exported.ivms101).beneficiary.accountNumber).toEqual([onRamp.owner.address]);
  });

  it("goes without a proof to another provider's wallet, carrying its IVMS101 data as a TRP inquiry", async () => {
    const custodian: Custodian = { type: 'VASP', name: 'Other Exchange GmbH', lei: '529900T8BM49AURSDO55' };
    const onRamp = await givenOnRamp('2000', '1500', custodian);

    await run();

    expect((await onRamp.send()).status).toBe('MINED');
    const [exported] = (await exportAll(onRamp.organizationId)).map((line) => JSON.parse(line));
    expect(exported.ownershipProof).toBeNull();
    expect(exported.trpInquiry).toMatchObject({
      apiVersion: '3.1.0',
      body: {
        asset: { caip19: `eip155:8453/erc20:${sweeper.chain.usdcAddress.toLowerCase()}` },
        amount: '1500000000',
        IVMS101: {
          originator: { originatorPersons: [{ naturalPerson: { customerIdentification: onRamp.customerId } }] },
        },
      },
    });
  });
});

describe("a withdrawal of the organization's developer fees", () => {
  it("arrives at the organization's registered wallet, registered with an audit entry, and leaves its custodial balance", async () => {
    const given = await givenTreasury(deps, request, sweeper, '50');
    const fees = await request('PATCH', `/customers/${given.customerId}/developer-fees`, {
      key: given.apiKey,
      body: { developerSpreadFeeBps: 100 },
    });
    expect(fees.status).toBe(200);
    await creditBalance(deps, { organizationId: given.organizationId, customerId: given.customerId, amount: '1000' });
    await claimDeveloperFees(deps, { organizationId: given.organizationId });
    const orgWallet = privateKeyToAccount(generatePrivateKey()).address;
    const audited = auditedAsOperator(deps, given.organizationId, 'ops@example.com', 'fee-wallet.registered');

    await expect(
      withdrawDeveloperFees(deps, {
        organizationId: given.organizationId,
        chain: 'base',
        amount: '4',
        requestedBy: 'x',
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await registerFeeWallet(
      deps,
      { organizationId: given.organizationId, chain: 'base', address: orgWallet, registeredBy: 'ops@example.com' },
      audited,
    );
    await expect(
      withdrawDeveloperFees(deps, {
        organizationId: given.organizationId,
        chain: 'base',
        amount: '11',
        requestedBy: 'x',
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const withdrawal = await withdrawDeveloperFees(deps, {
      organizationId: given.organizationId,
      chain: 'base',
      amount: '4',
      requestedBy: 'ops@example.com',
    });
    await run();

    expect(await balanceOf(orgWallet)).toBe(micro('4'));
    expect(await getSend(deps.db, given.organizationId, withdrawal.sendId)).toMatchObject({
      status: 'MINED',
      purpose: 'DEVELOPER_FEE_WITHDRAWAL',
      destination: orgWallet,
    });
    expect((await getOrganizationLedger(deps.db, given.organizationId)).balance.available).toBe(micro('6'));
    const [entry] = await listAuditEntries(deps.db, given.organizationId, {
      limit: 10,
      action: 'fee-wallet.registered',
    });
    expect(entry).toMatchObject({ target: 'fee-wallet:base', details: { before: '', after: orgWallet } });
  });
});
