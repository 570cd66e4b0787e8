import { GetPublicKeyCommand, type KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { toChecksumAddress } from '#shared/rails/chain/address.ts';
import {
  type Eip1559Transaction,
  signedTransaction,
  type TransactionSignature,
  transactionDigest,
} from '#shared/rails/chain/token-transfer.ts';

/**
 * The relayer's signer: its secp256k1 key lives in AWS KMS (key spec `ECC_SECG_P256K1`) and never leaves it. KMS
 * signs a 32-byte digest (`MessageType: DIGEST`, `ECDSA_SHA_256`: the digest is taken as the hash, not hashed
 * again) and answers a DER `(r, s)` with no recovery id and any s; Ethereum wants s in the lower half of the
 * curve order (EIP-2) and the parity of R's y, found here by recovering each candidate against the key's public
 * key. Locally the same code talks to the stand-in of `infra/local/kms.ts`.
 */

/** DER SubjectPublicKeyInfo of an uncompressed secp256k1 key up to its 65-byte point (id-ecPublicKey, secp256k1). */
const SPKI_PREFIX = Buffer.from('3056301006072a8648ce3d020106052b8104000a034200', 'hex');
const CURVE_ORDER = secp256k1.Point.CURVE().n;
const HALF_ORDER = CURVE_ORDER / 2n;

export class KmsKeyError extends Error {}

export type RelayerSigner = {
  /** The checksummed account address of the KMS key. */
  readonly address: string;
  signDigest(digest: Uint8Array): Promise<TransactionSignature>;
  /** The transaction signed, ready for `eth_sendRawTransaction`, and its hash. */
  signTransaction(tx: Eip1559Transaction): Promise<{ raw: string; hash: string }>;
};

/** The uncompressed point (0x04 || x || y) of a DER SubjectPublicKeyInfo; refuses any other key. */
export function pointOfSpki(spki: Uint8Array): Uint8Array {
  const bytes = Buffer.from(spki);
  if (bytes.length !== SPKI_PREFIX.length + 65 || !bytes.subarray(0, SPKI_PREFIX.length).equals(SPKI_PREFIX)) {
    throw new KmsKeyError('the KMS key is not an ECC_SECG_P256K1 key (SubjectPublicKeyInfo of another curve)');
  }
  const point = bytes.subarray(SPKI_PREFIX.length);
  secp256k1.Point.fromBytes(point); // throws when the point is not on the curve
  return Uint8Array.from(point);
}

export const addressOfPoint = (point: Uint8Array) =>
  toChecksumAddress(
    `0x${Buffer.from(keccak_256(point.subarray(1)))
      .subarray(12)
      .toString('hex')}`,
  );

/** A DER `(r, s)` as Ethereum takes it: s moved to the lower half, y's parity recovered against `point`. */
export function ethereumSignature(der: Uint8Array, digest: Uint8Array, point: Uint8Array): TransactionSignature {
  const parsed = secp256k1.Signature.fromBytes(der, 'der');
  const s = parsed.s > HALF_ORDER ? CURVE_ORDER - parsed.s : parsed.s;
  const low = new secp256k1.Signature(parsed.r, s);
  const expected = Buffer.from(point);
  for (const yParity of [0, 1]) {
    const recovered = low.addRecoveryBit(yParity).recoverPublicKey(digest).toBytes(false);
    if (expected.equals(Buffer.from(recovered))) return { yParity, r: parsed.r, s };
  }
  throw new KmsKeyError('the KMS signature does not verify against the key it was asked of');
}

/** The signer of `keyId`: asks KMS for the public key once, then one `Sign` per digest. */
export async function kmsSigner(kms: KMSClient, keyId: string): Promise<RelayerSigner> {
  const key = await kms.send(new GetPublicKeyCommand({ KeyId: keyId }));
  if (key.KeySpec !== 'ECC_SECG_P256K1' || key.KeyUsage !== 'SIGN_VERIFY' || !key.PublicKey) {
    throw new KmsKeyError(
      `KMS key ${keyId} must be ECC_SECG_P256K1 for SIGN_VERIFY (is ${key.KeySpec}, ${key.KeyUsage})`,
    );
  }
  const point = pointOfSpki(key.PublicKey);
  const signDigest = async (digest: Uint8Array): Promise<TransactionSignature> => {
    if (digest.length !== 32) throw new Error('a digest is 32 bytes');
    const answer = await kms.send(
      new SignCommand({ KeyId: keyId, Message: digest, MessageType: 'DIGEST', SigningAlgorithm: 'ECDSA_SHA_256' }),
    );
    if (!answer.Signature) throw new KmsKeyError('KMS answered no signature');
    return ethereumSignature(answer.Signature, digest, point);
  };
  return {
    address: addressOfPoint(point),
    signDigest,
    async signTransaction(tx) {
      const raw = signedTransaction(tx, await signDigest(transactionDigest(tx)));
      return { raw, hash: `0x${Buffer.from(keccak_256(Buffer.from(raw.slice(2), 'hex'))).toString('hex')}` };
    },
  };
}
