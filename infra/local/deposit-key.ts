import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';

/**
 * The extended public key deposit addresses are derived from, for `npm start`. DEPOSIT_XPUB from the
 * environment wins; otherwise a development key is generated on first start and only its xpub is kept in
 * DATA_DIR, so addresses stay the same across restarts. The seed is thrown away at once: nobody can ever
 * spend what is sent to a development address, which is the point of a key that must never hold real funds.
 */
export const DEPOSIT_XPUB_FILE = 'deposit-xpub';

/** The BIP44 Ethereum account path a real signer would use; children of it are the deposit addresses. */
const DEVELOPMENT_ACCOUNT_PATH = "m/44'/60'/0'/0";

export type DepositKeySource = { xpub: string; note: string };

export function generateDevelopmentXpub(): string {
  const root = HDKey.fromMasterSeed(randomBytes(32));
  const account = root.derive(DEVELOPMENT_ACCOUNT_PATH);
  const xpub = account.publicExtendedKey;
  account.wipePrivateData();
  root.wipePrivateData();
  return xpub;
}

export function resolveDepositXpub(dataDir: string, env: Record<string, string | undefined>): DepositKeySource {
  const label = 'Deposit key     ';
  const fromEnv = env.DEPOSIT_XPUB?.trim();
  if (fromEnv) return { xpub: fromEnv, note: `${label} DEPOSIT_XPUB from the environment` };
  const path = join(dataDir, DEPOSIT_XPUB_FILE);
  if (existsSync(path)) {
    return { xpub: readFileSync(path, 'utf8').trim(), note: `${label} development xpub from ${path}` };
  }
  const xpub = generateDevelopmentXpub();
  writeFileSync(path, `${xpub}\n`);
  return {
    xpub,
    note: `${label} generated a development xpub in ${path} (no private key kept: never send real funds to its addresses)`,
  };
}
