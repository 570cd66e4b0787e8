import * as openpgp from 'openpgp';
import { describe, expect, it, vi } from 'vitest';
import { decryptAndVerify, encryptAndSign, type PgpKeys } from '#shared/bank-transfer/pgp.ts';

const decrypted = vi.hoisted(() => ({ count: 0 }));
vi.mock('openpgp', async (original) => {
  const actual = await original<typeof import('openpgp')>();
  return {
    ...actual,
    decryptKey: (...args: Parameters<typeof actual.decryptKey>) => {
      decrypted.count++;
      return actual.decryptKey(...args);
    },
  };
});

describe("the mover's PGP keys", () => {
  it('decrypts our private key once for a run of files and reports, and again for the next run', async () => {
    const bank = await openpgp.generateKey({ userIDs: [{ name: 'Bank' }], passphrase: 'bank', format: 'armored' });
    const ours = await openpgp.generateKey({ userIDs: [{ name: 'Payouts' }], passphrase: 'ours', format: 'armored' });
    const run = (): PgpKeys => ({ bankPublicKey: bank.publicKey, ourPrivateKey: ours.privateKey, passphrase: 'ours' });
    const bankPrivate = await openpgp.decryptKey({
      privateKey: await openpgp.readPrivateKey({ armoredKey: bank.privateKey }),
      passphrase: 'bank',
    });
    const report = await openpgp.encrypt({
      message: await openpgp.createMessage({ binary: Buffer.from('<Document/>') }),
      encryptionKeys: await openpgp.readKey({ armoredKey: ours.publicKey }),
      signingKeys: bankPrivate,
      format: 'binary',
    });
    decrypted.count = 0;

    const keys = run();
    for (let file = 0; file < 3; file++) await encryptAndSign(keys, Buffer.from(`<Document>${file}</Document>`));
    expect(Buffer.from(await decryptAndVerify(keys, report)).toString()).toBe('<Document/>');
    expect(decrypted.count).toBe(1);

    await encryptAndSign(run(), Buffer.from('<Document/>'));
    expect(decrypted.count).toBe(2);
  });

  it('reads the keys again after a wrong passphrase, so a corrected secret is used', async () => {
    const bank = await openpgp.generateKey({ userIDs: [{ name: 'Bank' }], format: 'armored' });
    const ours = await openpgp.generateKey({ userIDs: [{ name: 'Payouts' }], passphrase: 'ours', format: 'armored' });
    const keys: PgpKeys = { bankPublicKey: bank.publicKey, ourPrivateKey: ours.privateKey, passphrase: 'wrong' };

    await expect(encryptAndSign(keys, Buffer.from('x'))).rejects.toThrow();
    keys.passphrase = 'ours';
    await expect(encryptAndSign(keys, Buffer.from('x'))).resolves.toBeInstanceOf(Uint8Array);
  });
});
