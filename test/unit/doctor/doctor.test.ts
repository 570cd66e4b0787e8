import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KMSClient } from '@aws-sdk/client-kms';
import { GetEmailIdentityCommand, NotFoundException, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalKms, startLocalKms } from '#infra/local/kms.ts';
import { parseConfig } from '#shared/config/env.ts';
import type { Db } from '#shared/db/client.ts';
import { checkConsoleOrigin } from '#shared/doctor/check-console-origin.ts';
import { checkKmsKey } from '#shared/doctor/check-kms-key.ts';
import { checkMailSender } from '#shared/doctor/check-mail-sender.ts';
import { runDoctor } from '#shared/doctor/run-doctor.ts';

/**
 * `npm run admin -- doctor`: each check of a deployed environment. SES has no local stand-in: its exact requests are
 * checked against a mocked client; the KMS key is checked against the local KMS stand-in (infra/local/kms.ts).
 */
const ses = mockClient(SESv2Client);
afterEach(() => ses.reset());
const notFound = () => new NotFoundException({ message: 'not found', $metadata: {} });

let kms: LocalKms;
let kmsClient: KMSClient;
const KEY = 'alias/payouts-relayer';
beforeAll(async () => {
  kms = await startLocalKms({ [KEY]: join(mkdtempSync(join(tmpdir(), 'payouts-doctor-kms-')), 'relayer.key') });
  kmsClient = new KMSClient({ endpoint: kms.endpoint, region: 'eu-central-1', credentials: kms.credentials });
});
afterAll(() => kms.stop());

describe('the mail sender check', () => {
  it("asks SES for the address's identity, then its domain's, and passes on a verified domain", async () => {
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'console@payouts.example' })
      .rejects(notFound())
      .on(GetEmailIdentityCommand, { EmailIdentity: 'payouts.example' })
      .resolves({ VerifiedForSendingStatus: true, VerificationStatus: 'SUCCESS' });

    const finding = await checkMailSender(new SESv2Client({}), 'console@payouts.example');

    expect(ses.commandCalls(GetEmailIdentityCommand).map((call) => call.args[0].input)).toEqual([
      { EmailIdentity: 'console@payouts.example' },
      { EmailIdentity: 'payouts.example' },
    ]);
    expect(finding).toMatchObject({
      ok: true,
      detail: 'console@payouts.example: SES identity payouts.example verified',
    });
  });

  it('says what to fix for an identity pending verification, and for none at all', async () => {
    ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: false, VerificationStatus: 'PENDING' });
    const pending = await checkMailSender(new SESv2Client({}), 'console@payouts.example');
    ses.reset();
    ses.on(GetEmailIdentityCommand).rejects(notFound());
    const missing = await checkMailSender(new SESv2Client({}), 'console@payouts.example');

    expect(pending).toMatchObject({ ok: false, detail: expect.stringContaining('PENDING') });
    expect(missing).toMatchObject({ ok: false, fix: expect.stringContaining('-c mailFrom=') });
  });
});

describe('the console origin check', () => {
  it('refuses the localhost default and passes an https origin', () => {
    expect(checkConsoleOrigin(parseConfig({}))).toMatchObject({
      ok: false,
      fix: expect.stringContaining('consoleOrigin'),
    });
    expect(checkConsoleOrigin(parseConfig({ CONSOLE_ORIGIN: 'https://console.payouts.example' }))).toMatchObject({
      ok: true,
    });
  });
});

describe('the KMS key check, against the KMS stand-in', () => {
  it("names the relayer's address for a usable key, and what to fix for an unknown one or none", async () => {
    const usable = await checkKmsKey(kmsClient, KEY);
    const unknown = await checkKmsKey(kmsClient, 'alias/nobody');
    const unset = await checkKmsKey(kmsClient, undefined);

    expect(usable).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/^alias\/payouts-relayer: relayer 0x[0-9a-fA-F]{40}$/),
    });
    expect(unknown).toMatchObject({ ok: false, fix: expect.stringContaining('ECC_SECG_P256K1') });
    expect(unset.ok).toBe(false);
  });
});

describe('the doctor', () => {
  it('runs every check, turns one that throws into a finding, and is healthy only when all pass', async () => {
    ses.on(GetEmailIdentityCommand).rejects(new Error('AccessDenied'));
    const config = parseConfig({ CONSOLE_ORIGIN: 'https://console.payouts.example', MAIL_FROM: 'a@payouts.example' });

    // No bank connection in the table: nothing to find wrong with payout accounts or the mover's runs.
    const db = { tableName: 't', client: { send: async () => ({ Items: [] }) } } as unknown as Db;

    const report = await runDoctor(
      config,
      { db, ses: new SESv2Client({}), kms: kmsClient },
      { kmsKeyId: KEY, chainRpc: {}, now: new Date() },
    );

    expect(report.healthy).toBe(false);
    expect(report.findings.map((finding) => [finding.check, finding.ok])).toEqual([
      ['console origin', true],
      ['mail sender', false],
      ['KMS key', true],
      ['payout accounts', true],
      ['mover runs', true],
      ['watcher lag', false],
      ['sanctions lists', false],
    ]);
    expect(report.findings[1]?.detail).toBe('could not be checked: AccessDenied');
  });
});
