import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { decryptAndVerify, encryptAndSign, type PgpKeys, PgpVerificationError } from '#shared/bank-transfer/pgp.ts';
import type { SftpChannel } from '#shared/bank-transfer/records.ts';
import {
  getFileDelivered,
  getReportDownloaded,
  getReportsSeen,
  listSftpChannels,
  recordFileDelivered,
  recordMoverRun,
  recordReportDownloaded,
  recordReportSeen,
} from '#shared/bank-transfer/repository.ts';
import { HostKeyRefusedError, openSftp, type SftpSession, type SftpTarget } from '#shared/bank-transfer/sftp.ts';
import { getPrenoteFile } from '#shared/banks/prenote-repository.ts';
import type { Deps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { countMetric } from '#shared/metrics.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { isolation } from '#shared/payouts/isolation.ts';
import { getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import type { BankChannel, ChannelScope } from '#shared/rails/bank/channel.ts';
import type { SecretStore } from '#shared/secrets/port.ts';

/**
 * The mover: for each live payout account with an SFTP connection, the new payment files of its organization's live
 * outbox go to the bank's upload folder, and the new reports of its download folder come into the inbox.
 *
 * - A file is uploaded under a temporary name (`<name>.part`) and renamed, so the bank never reads half a file; it is
 *   recorded delivered once (a guarded write). A run stopped after the rename finds the file there and records it
 *   without sending it again.
 * - Only a file that is this organization's live payment file or prenote file, of this account's currency, byte for
 *   byte as the service wrote it, is sent: anything else lying in the prefix (a sandbox file, a file of nobody) is refused.
 * - A report is remembered by its name and the SHA-256 of its content: the same one seen again is not taken again.
 *   It is stored in the inbox before it is recorded (a run stopped in between stores it again; its facts apply
 *   once), and nothing is ever deleted at the bank.
 * - With PGP configured, uploads are encrypted and signed (`<name>.pgp`); reports are decrypted and verified, and one
 *   that fails goes to the quarantine with the reason, never to the inbox.
 */
export type MoverPorts = {
  channel: BankChannel;
  secrets: SecretStore;
  connect?: (target: SftpTarget) => Promise<SftpSession>;
};

export type MoveResult = { sent: string[]; received: string[]; quarantined: string[]; refused: string[] };

export async function moveBankFiles(deps: Pick<Deps, 'db' | 'clock'>, ports: MoverPorts) {
  const results: Record<string, MoveResult> = {};
  const accounts = isolation('BankTransferFailed');
  for (const account of await listSftpChannels(deps.db)) {
    const where = { organizationId: account.organizationId, currency: account.currency };
    await accounts.run('bank transfer failed', where, async () => {
      try {
        results[`${account.organizationId}/${account.currency}`] = await moveAccountFiles(deps, ports, account);
      } catch (error) {
        await recordMoverRun(deps.db, { ...where, at: deps.clock.now(), error: (error as Error).message });
        throw error;
      }
      await recordMoverRun(deps.db, { ...where, at: deps.clock.now() });
    });
  }
  countMetric('BankTransferRuns', {});
  accounts.rethrow();
  return results;
}

const sha256 = (body: Uint8Array) => createHash('sha256').update(body).digest('hex');

export async function moveAccountFiles(
  deps: Pick<Deps, 'db' | 'clock'>,
  ports: MoverPorts,
  account: SftpChannel,
): Promise<MoveResult> {
  const organization = await getOrganization(deps.db, account.organizationId);
  if (organization?.environment !== 'live') {
    // A sandbox organization's files never reach a bank, whatever is configured.
    throw new Error(`Organization ${account.organizationId} is not live: its SFTP connection is not used`);
  }
  const privateKey = await ports.secrets.read(account.privateKeySecret);
  const pgp: PgpKeys | undefined = account.pgp && {
    bankPublicKey: account.pgp.bankPublicKey,
    ourPrivateKey: await ports.secrets.read(account.pgp.privateKeySecret),
    passphrase: await ports.secrets.read(account.pgp.passphraseSecret),
  };
  const target = { host: account.host, port: account.port, hostKey: account.hostKey, user: account.user, privateKey };
  let session: SftpSession;
  try {
    session = await (ports.connect ?? openSftp)(target);
  } catch (error) {
    if (error instanceof HostKeyRefusedError) countMetric('BankHostKeyRefused', {});
    throw error;
  }
  try {
    const result: MoveResult = { sent: [], received: [], quarantined: [], refused: [] };
    await upload(deps, ports.channel, session, account, pgp, result);
    await download(deps, ports.channel, session, account, pgp, result);
    return result;
  } finally {
    session.close();
  }
}

/**
 * Puts a file in the bank's folder whole: written under `<name>.part`, then renamed (`.pgp` appended when encrypted);
 * a file already there under its name is not sent again. Returns its name at the bank.
 */
export async function putFile(
  session: SftpSession,
  folder: string,
  name: string,
  bytes: Uint8Array,
  pgp: PgpKeys | undefined,
): Promise<string> {
  const remoteName = pgp ? `${name}.pgp` : name;
  const final = posix.join(folder, remoteName);
  if (!(await session.exists(final))) {
    const temporary = `${final}.part`;
    await session.writeFile(temporary, pgp ? await encryptAndSign(pgp, bytes) : bytes);
    await session.rename(temporary, final);
  }
  return remoteName;
}

async function upload(
  deps: Pick<Deps, 'db' | 'clock'>,
  channel: BankChannel,
  session: SftpSession,
  account: SftpChannel,
  pgp: PgpKeys | undefined,
  result: MoveResult,
) {
  const { organizationId } = account;
  const scope: ChannelScope = { environment: 'live', organizationId };
  for (const name of await channel.listOutbox(scope)) {
    // Delivered before (and written again by a batcher's recovery, or left by a run stopped after recording it).
    if (await getFileDelivered(deps.db, organizationId, name)) {
      await channel.markSent(scope, name);
      continue;
    }
    const body = (await channel.readOutbox(scope, name)) ?? '';
    const file = await outgoingFile(deps, name, body);
    if (!file || file.organizationId !== organizationId || file.environment !== 'live') {
      countMetric('BankFileRefused', {});
      log.error('bank transfer: not a live payment file of this organization; not sent', { organizationId, name });
      result.refused.push(name);
      continue;
    }
    // The other currency's files go to the bank of its own payout account.
    if (file.currency !== account.currency) continue;
    const bytes = Buffer.from(body, 'utf8');
    const remoteName = await putFile(session, account.uploadDir, name, bytes, pgp);
    const deliveredAt = deps.clock.now().toISOString();
    await recordFileDelivered(deps.db, { organizationId, name, remoteName, sha256: sha256(bytes), deliveredAt });
    // Out of the outbox: the next run lists only what is still to send.
    await channel.markSent(scope, name);
    countMetric('BankFilesDelivered', {});
    log.info('bank transfer: payment file delivered', { organizationId, name, remoteName });
    result.sent.push(name);
  }
}

/**
 * What an outbox file is, if the service wrote it byte for byte: a payment file (its record keeps its bytes) or a
 * prenote file (its record keeps their hash); anything else is nobody's.
 */
async function outgoingFile(deps: Pick<Deps, 'db'>, name: string, body: string) {
  const messageId = name.split('.')[0] ?? '';
  const payments = await getPaymentFile(deps.db, messageId);
  if (payments) return payments.xml === body ? payments : undefined;
  const prenotes = await getPrenoteFile(deps.db, messageId);
  return prenotes?.sha256 === sha256(Buffer.from(body, 'utf8')) ? prenotes : undefined;
}

/** The inbox name of a report taken from an organization's bank: its own, never another report's. */
function storedName(organizationId: string, name: string, hash: string) {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._-]+/, '');
  return `${organizationId}-${hash.slice(0, 16)}-${safe}`.slice(0, 200);
}

async function download(
  deps: Pick<Deps, 'db' | 'clock'>,
  channel: BankChannel,
  session: SftpSession,
  account: SftpChannel,
  pgp: PgpKeys | undefined,
  result: MoveResult,
) {
  const { organizationId } = account;
  // The organization's live inbox: its reports may speak of its live payouts only.
  const inbox: ChannelScope = { environment: 'live', organizationId };
  const entries = (await session.list(account.downloadDir))
    .filter((entry) => entry.isFile && !entry.name.startsWith('.'))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // A report seen unchanged since it was taken is not read again: a run's cost is what is new at the bank.
  const seen = await getReportsSeen(
    deps.db,
    organizationId,
    entries.map((entry) => entry.name),
  );
  for (const entry of entries) {
    const before = seen.get(entry.name);
    const unchanged = before?.size === entry.size && before.modifiedAt === entry.modifiedAt;
    if (unchanged && entry.modifiedAt >= 0) continue;
    const body = await session.read(posix.join(account.downloadDir, entry.name));
    const hash = sha256(body);
    const sight = { name: entry.name, size: entry.size, modifiedAt: entry.modifiedAt, sha256: hash };
    if (await getReportDownloaded(deps.db, organizationId, entry.name, hash)) {
      await recordReportSeen(deps.db, organizationId, sight);
      continue;
    }
    let stored = storedName(organizationId, entry.name.replace(/\.(pgp|gpg|asc)$/, ''), hash);
    let quarantined = false;
    if (pgp) {
      try {
        await channel.writeInbox(stored, await decryptAndVerify(pgp, body), inbox);
      } catch (error) {
        if (!(error instanceof PgpVerificationError)) throw error;
        stored = storedName(organizationId, entry.name, hash);
        await channel.writeQuarantine(stored, body, `Unverified report: ${error.message}`);
        countMetric('BankReportQuarantined', {});
        log.error('bank report quarantined', { organizationId, name: entry.name, quarantinedAs: stored });
        quarantined = true;
      }
    } else {
      await channel.writeInbox(stored, body, inbox);
    }
    const downloadedAt = deps.clock.now().toISOString();
    await recordReportDownloaded(deps.db, {
      organizationId,
      name: entry.name,
      sha256: hash,
      storedAs: stored,
      quarantined,
      downloadedAt,
    });
    await recordReportSeen(deps.db, organizationId, sight);
    (quarantined ? result.quarantined : result.received).push(entry.name);
  }
}
