import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEPOSIT_XPUB_FILE, resolveDepositXpub } from '#infra/local/deposit-key.ts';
import { parseConfig } from '#shared/config/env.ts';
import { parseDepositXpub } from '#shared/wallets/derivation.ts';
import { TEST_DEPOSIT_XPUB } from '#test/support/wallets/test-keys.ts';

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'payouts-deposit-key-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the development deposit key of npm start', () => {
  it('generates an xpub on first start, keeps only the xpub, and says so', () => {
    const first = resolveDepositXpub(dataDir, {});

    expect(first.xpub).toMatch(/^xpub/);
    expect(parseDepositXpub(first.xpub).privateKey).toBeNull();
    expect(readFileSync(join(dataDir, DEPOSIT_XPUB_FILE), 'utf8').trim()).toBe(first.xpub);
    expect(first.note).toContain('generated a development xpub');
    expect(parseConfig({ DEPOSIT_XPUB: first.xpub }).depositXpub).toBe(first.xpub);
  });

  it('reuses the stored xpub on the next start, so addresses stay the same', () => {
    const first = resolveDepositXpub(dataDir, {});

    const second = resolveDepositXpub(dataDir, {});

    expect(second.xpub).toBe(first.xpub);
    expect(second.note).toContain(join(dataDir, DEPOSIT_XPUB_FILE));
    expect(second.note).not.toContain('generated');
  });

  it('generates a different key for another data directory', () => {
    const other = mkdtempSync(join(tmpdir(), 'payouts-deposit-key-'));
    try {
      expect(resolveDepositXpub(other, {}).xpub).not.toBe(resolveDepositXpub(dataDir, {}).xpub);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('prefers DEPOSIT_XPUB from the environment and writes nothing', () => {
    const resolved = resolveDepositXpub(dataDir, { DEPOSIT_XPUB: TEST_DEPOSIT_XPUB });

    expect(resolved).toEqual({ xpub: TEST_DEPOSIT_XPUB, note: expect.stringContaining('from the environment') });
    expect(() => readFileSync(join(dataDir, DEPOSIT_XPUB_FILE))).toThrow();
  });
});
