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

export async function encryptAndSign(keys: PgpKeys, body: Uint8Array): Promise<Uint8Array> {
  const { bank, ours } = await readKeys(keys);
  return openpgp.encrypt({
    message: await openpgp.createMessage({ binary: body }),
    encryptionKeys: bank,
    signingKeys: ours,
    format: 'binary',
  });
}

/** The plain report; a `PgpVerificationError` naming why when it is not one the bank encrypted to us and signed. */
export async function decryptAndVerify(keys: PgpKeys, body: Uint8Array): Promise<Uint8Array> {
  const { bank, ours } = await readKeys(keys);
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
