import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSecretsManager, startLocalSecretsManager } from '#infra/local/secrets-manager.ts';
import { moveBankFiles } from '#shared/bank-transfer/move-bank-files.ts';
import { putSftpChannel } from '#shared/bank-transfer/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { checkMoverRuns } from '#shared/doctor/check-mover-runs.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import type { PayoutAccount } from '#shared/rails/bank/payment-file.ts';
import { processSecrets } from '#shared/secrets/secrets-manager.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { freshChannel } from '#test/support/rails/bank-channel.ts';
import { EUR_ACCOUNT } from '#test/support/sftp/mover-files.ts';
import { type OpenSshServer, startOpenSshServer } from '#test/support/sftp/openssh-server.ts';

/**
 * The doctor's mover check: each bank connection's last run, as the mover records it running against a real
 * OpenSSH server (test/support/sftp/openssh-server.ts) with its keys served by the local Secrets Manager stand-in.
 * Time is moved, never waited out (decision 0035).
 */
type EurPayoutAccount = Extract<PayoutAccount, { currency: 'EUR' }>;
const T0 = new Date('2026-11-30T10:00:00.000Z');
const minutesAfter = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

let now = T0;
let server: OpenSshServer;
let secretsManager: LocalSecretsManager;
let folder = 0;

beforeAll(async () => {
  server = await startOpenSshServer();
  const secretsDir = mkdtempSync(join(tmpdir(), 'payouts-doctor-secrets-'));
  writeFileSync(join(secretsDir, 'ssh-key'), server.clientKey);
  writeFileSync(join(secretsDir, 'unknown-ssh-key'), server.unknownClientKey);
  secretsManager = await startLocalSecretsManager({
    credentials: {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
    },
    region: 'eu-central-1',
    folder: secretsDir,
  });
}, 120_000);

afterAll(async () => {
  await secretsManager?.stop();
  await server?.dispose();
});

/** A table of the case's own (the connections and their runs are table-wide), and a live organization's connection. */
async function givenConnection(privateKeySecret: string) {
  const deps: Deps = await isolatedTableDeps(() => now);
  const { organization } = await givenOrganization(deps, { environment: 'live' });
  const { organizationId } = organization;
  await updateOrganization(deps.db, organizationId, { payoutAccounts: { EUR: EUR_ACCOUNT as EurPayoutAccount } }, now);
  const folders = server.folders(`doctor-${++folder}`);
  await putSftpChannel(deps.db, {
    organizationId,
    currency: 'EUR',
    host: server.host,
    port: server.port,
    hostKey: server.hostKey,
    user: server.user,
    privateKeySecret,
    uploadDir: folders.upload,
    downloadDir: folders.download,
  });
  const move = () =>
    moveBankFiles(deps, {
      channel: freshChannel(),
      secrets: processSecrets({ region: deps.config.region, secrets: { endpoint: secretsManager.endpoint } }),
    });
  return { deps, organizationId, move };
}

describe("the doctor's mover check", () => {
  it('names a connection never run, passes once the mover ran it, and names it again 16 minutes later', async () => {
    now = T0;
    const { deps, organizationId, move } = await givenConnection('ssh-key');

    const neverRan = await checkMoverRuns(deps.db, now);
    await move();
    const justRan = await checkMoverRuns(deps.db, minutesAfter(5));
    const silent = await checkMoverRuns(deps.db, minutesAfter(16));

    expect(neverRan).toMatchObject({ ok: false, detail: `${organizationId} EUR: never ran` });
    expect(justRan).toEqual({
      check: 'mover runs',
      ok: true,
      detail: `each connection ran within 15 min: ${organizationId} EUR ${T0.toISOString()}`,
    });
    expect(silent).toMatchObject({
      ok: false,
      detail: `${organizationId} EUR: last ran ${T0.toISOString()} (16 min ago)`,
      fix: expect.stringContaining('BankTransferNotRun'),
    });
  }, 60_000);

  it('names a connection whose last run failed, why, and when it last succeeded', async () => {
    now = T0;
    const { deps, organizationId, move } = await givenConnection('unknown-ssh-key');

    await expect(move()).rejects.toThrow();
    const failed = await checkMoverRuns(deps.db, minutesAfter(1));

    expect(failed).toMatchObject({
      ok: false,
      detail: expect.stringMatching(
        new RegExp(`^${organizationId} EUR: last ran ${T0.toISOString()} and failed \\(.+\\); never succeeded$`),
      ),
      fix: expect.stringContaining('BankTransferFailed'),
    });
  }, 60_000);
});
