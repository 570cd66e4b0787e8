import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KMSClient } from '@aws-sdk/client-kms';
import { createTestClient, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { compileDepositFactory, deployDepositFactory } from '#infra/local/chain/deposit-factory.ts';
import { signer } from '#infra/local/chain/test-usdc.ts';
import { kmsCredentialVariables, startLocalKms } from '#infra/local/kms.ts';
import { kmsSigner } from '#shared/custody/kms-signer.ts';
import { startTestChain } from '#test/support/rails/local-chain.ts';

/**
 * What a sweeper test runs on: the real local chain, the KMS stand-in holding the relayer's key (its credentials in
 * this process's AWS variables), the relayer funded with gas, and a deposit forwarder factory deployed by an admin
 * key of the test's own with that relayer as sweeper.
 */
export async function startSweeperChain() {
  const chain = await startTestChain();
  const kmsKeyId = 'alias/payouts-relayer';
  const kms = await startLocalKms({ [kmsKeyId]: join(mkdtempSync(join(tmpdir(), 'payouts-kms-')), 'relayer.key') });
  const relayer = await kmsSigner(
    new KMSClient({ endpoint: kms.endpoint, region: 'eu-central-1', credentials: kms.credentials }),
    kmsKeyId,
  );
  // A sweeper this process runs (`chainSweeper`) signs with them, as `npm start` hands them to its functions.
  Object.assign(process.env, kmsCredentialVariables(kms));
  const test = createTestClient({ mode: 'hardhat', transport: http(chain.rpcUrl) });
  const adminKey = generatePrivateKey();
  for (const address of [relayer.address, privateKeyToAccount(adminKey).address]) {
    await test.setBalance({ address: address as Hex, value: parseEther('10') });
  }
  const cacheDir = process.env.PAYOUTS_SOLC_CACHE ?? join(tmpdir(), 'payouts-solc-cache');
  const factory = await deployDepositFactory(
    await signer(chain.rpcUrl, adminKey),
    compileDepositFactory(cacheDir),
    relayer.address as Hex,
  );
  return {
    chain,
    kms,
    kmsKeyId,
    relayer,
    factory,
    stop: async () => {
      await kms.stop();
      await chain.stop();
    },
  };
}
