import { GetPublicKeyCommand, type KeySpec, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { mockClient } from 'aws-sdk-client-mock';
import { recoverTransactionAddress, type TransactionSerialized } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { KmsKeyError, kmsSigner } from '#shared/custody/kms-signer.ts';
import { addressOfKey, type Eip1559Transaction, transactionDigest } from '#shared/rails/chain/token-transfer.ts';

/** The relayer's signer against a mocked KMS: the exact requests, and signatures Ethereum accepts from any s. */
const kms = mockClient(KMSClient);
afterEach(() => kms.reset());

const SPKI_PREFIX = Buffer.from('3056301006072a8648ce3d020106052b8104000a034200', 'hex');
const N = secp256k1.Point.CURVE().n;
const secret = Uint8Array.from(Buffer.from('4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318', 'hex'));
const spki = Buffer.concat([SPKI_PREFIX, secp256k1.getPublicKey(secret, false)]);

const tx: Eip1559Transaction = {
  chainId: 8453n,
  nonce: 7n,
  maxPriorityFeePerGas: 1_000_000n,
  maxFeePerGas: 50_000_000n,
  gas: 120_000n,
  to: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  value: 0n,
  data: '0xdeadbeef',
};

/** KMS's answer for `digest`: a DER signature whose s is forced into the upper half when `highS`. */
function kmsAnswer(digest: Uint8Array, highS: boolean) {
  const low = secp256k1.Signature.fromBytes(secp256k1.sign(digest, secret, { prehash: false }), 'compact');
  const s = highS ? N - low.s : low.s;
  return new secp256k1.Signature(low.r, s).toBytes('der');
}

function givenKey(publicKey: Uint8Array = spki, keySpec: KeySpec = 'ECC_SECG_P256K1') {
  kms
    .on(GetPublicKeyCommand)
    .resolves({ KeyId: 'arn:key', PublicKey: publicKey, KeySpec: keySpec, KeyUsage: 'SIGN_VERIFY' });
}

describe('the KMS relayer signer', () => {
  it('reads the public key once and signs each digest with DIGEST / ECDSA_SHA_256', async () => {
    givenKey();
    const digest = transactionDigest(tx);
    kms.on(SignCommand).resolves({ Signature: kmsAnswer(digest, false) });
    const signer = await kmsSigner(new KMSClient({}), 'alias/relayer');
    expect(signer.address).toBe(addressOfKey(secret));
    await signer.signTransaction(tx);
    expect(kms.commandCalls(GetPublicKeyCommand).map((call) => call.args[0].input)).toEqual([
      { KeyId: 'alias/relayer' },
    ]);
    expect(kms.commandCalls(SignCommand).map((call) => call.args[0].input)).toEqual([
      { KeyId: 'alias/relayer', Message: digest, MessageType: 'DIGEST', SigningAlgorithm: 'ECDSA_SHA_256' },
    ]);
  });

  it.each([
    ['a low s', false],
    ['a high s (KMS does not normalize)', true],
  ])('turns %s into a low-s signature with the right recovery id', async (_name, highS) => {
    givenKey();
    const digest = transactionDigest(tx);
    kms.on(SignCommand).resolves({ Signature: kmsAnswer(digest, highS) });
    const signer = await kmsSigner(new KMSClient({}), 'alias/relayer');
    const signature = await signer.signDigest(digest);
    expect(signature.s <= N / 2n).toBe(true);
    const { raw, hash } = await signer.signTransaction(tx);
    const from = await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized });
    expect(from).toBe(signer.address);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('refuses a key of another curve or usage, and a signature by another key', async () => {
    const p256Spki = Buffer.from(p256.getPublicKey(p256.utils.randomSecretKey(), false));
    givenKey(Buffer.concat([SPKI_PREFIX, p256Spki]), 'ECC_NIST_P256');
    await expect(kmsSigner(new KMSClient({}), 'k')).rejects.toThrow(KmsKeyError);
    kms.reset();
    givenKey(Buffer.concat([Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex'), p256Spki]));
    await expect(kmsSigner(new KMSClient({}), 'k')).rejects.toThrow(/not an ECC_SECG_P256K1 key/);

    kms.reset();
    givenKey();
    const other = secp256k1.utils.randomSecretKey();
    const digest = transactionDigest(tx);
    kms.on(SignCommand).resolves({ Signature: secp256k1.sign(digest, other, { prehash: false, format: 'der' }) });
    const signer = await kmsSigner(new KMSClient({}), 'k');
    await expect(signer.signDigest(digest)).rejects.toThrow(/does not verify/);
  });
});
