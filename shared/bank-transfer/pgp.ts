import * as openpgp from 'openpgp';

/**
 * OpenPGP for files on a bank's server: uploads encrypted to the bank's key and signed with ours; reports decrypted
 * with ours and verified against the bank's, a report without a valid signature of the bank's being refused.
 */
export type PgpKeys = { bankPublicKey: string; ourPrivateKey: string; passphrase: string };

type ReadKeys = { bank: openpgp.PublicKey; ours: openpgp.PrivateKey };

/** A report that could not be decrypted, or whose signature is missing or not the bank's. */
export class PgpVerificationError extends Error {}

async function readKeys(keys: PgpKeys): Promise<ReadKeys> {
  const bank = await openpgp.readKey({ armoredKey: keys.bankPublicKey });
  const ours = await openpgp.decryptKey({
    privateKey: await openpgp.readPrivateKey({ armoredKey: keys.ourPrivateKey }),
    passphrase: keys.passphrase,
  });
  return { bank, ours };
}

/**
 * The keys read once per `PgpKeys` object: the mover makes one per connection and run, so a run of a hundred files and
 * reports decrypts our private key once (its passphrase's key derivation is most of a small file's PGP time), and
 * forgets it with the run.
 */
const readForRun = new WeakMap<PgpKeys, Promise<ReadKeys>>();

function keysOf(keys: PgpKeys): Promise<ReadKeys> {
  const held = readForRun.get(keys);
  if (held) return held;
  const read = readKeys(keys);
  readForRun.set(keys, read);
  read.catch(() => readForRun.delete(keys));
  return read;
}

export async function encryptAndSign(keys: PgpKeys, body: Uint8Array): Promise<Uint8Array> {
  const { bank, ours } = await keysOf(keys);
  return openpgp.encrypt({
    message: await openpgp.createMessage({ binary: body }),
    encryptionKeys: bank,
    signingKeys: ours,
    format: 'binary',
  });
}

/** The plain report; a `PgpVerificationError` naming why when it is not one the bank encrypted to us and signed. */
export async function decryptAndVerify(keys: PgpKeys, body: Uint8Array): Promise<Uint8Array> {
  const { bank, ours } = await keysOf(keys);
  let message: openpgp.Message<Uint8Array>;
  try {
    const text = Buffer.from(body).toString('latin1');
    message = text.startsWith('-----BEGIN PGP MESSAGE-----')
      ? ((await openpgp.readMessage({ armoredMessage: text })) as unknown as openpgp.Message<Uint8Array>)
      : await openpgp.readMessage({ binaryMessage: body });
  } catch (error) {
    throw new PgpVerificationError(`not an OpenPGP message (${(error as Error).message})`);
  }
  try {
    const { data } = await openpgp.decrypt({
      message,
      decryptionKeys: ours,
      verificationKeys: bank,
      expectSigned: true,
      format: 'binary',
    });
    return data as Uint8Array;
  } catch (error) {
    throw new PgpVerificationError((error as Error).message);
  }
}
