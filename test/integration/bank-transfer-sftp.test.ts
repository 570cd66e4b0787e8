import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalSecretsManager, startLocalSecretsManager } from '#infra/local/secrets-manager.ts';
import { type MoverPorts, moveAccountFiles, moveBankFiles, putFile } from '#shared/bank-transfer/move-bank-files.ts';
import type { SftpChannel } from '#shared/bank-transfer/records.ts';
import { getFileDelivered, putSftpChannel } from '#shared/bank-transfer/repository.ts';
import { HostKeyRefusedError, openSftp, SftpAuthenticationError } from '#shared/bank-transfer/sftp.ts';
import { getBankOfCustomer } from '#shared/banks/repository.ts';
import { requestPrenote } from '#shared/banks/request-prenote.ts';
import { sendDuePrenotes } from '#shared/banks/send-prenotes.ts';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { keys } from '#shared/db/keys.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { answerSandboxFiles } from '#shared/payouts/answer-payment-files.ts';
import { processInbox } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import type { PayoutAccount } from '#shared/rails/bank/payment-file.ts';
import { writePain002 } from '#shared/rails/bank/report-writer.ts';
import { processSecrets } from '#shared/secrets/secrets-manager.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { endToEndIdsOf, freshChannel } from '#test/support/rails/bank-channel.ts';
import { bookingOf, EUR_ACCOUNT, nachaReturnOf, sepaFileOf, USD_ACCOUNT } from '#test/support/sftp/mover-files.ts';
import { type OpenSshServer, startOpenSshServer } from '#test/support/sftp/openssh-server.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

const counted = vi.hoisted(() => [] as string[]);
vi.mock('#shared/metrics.ts', async (original) => ({
  ...(await original<typeof import('#shared/metrics.ts')>()),
  countMetric: (name: string) => void counted.push(name),
}));

let deps: Deps;
let server: OpenSshServer;
let secretsDir: string;
let secretsManager: LocalSecretsManager; // serving `secretsDir`, as `npm start` serves `DATA_DIR/secrets/`
/** The bank's key pair (its private key decrypts what we upload) and ours (the public half given to the bank). */
let bankKey: { publicKey: string; privateKey: openpgp.PrivateKey };
let ourKey: { publicKey: string; privateKey: string };
let folder = 0;

beforeAll(async () => {
  deps = await isolatedTableDeps(() => new Date());
  server = await startOpenSshServer();
  secretsDir = mkdtempSync(join(tmpdir(), 'payouts-secrets-'));
  secretsManager = await startLocalSecretsManager({
    credentials: {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
    },
    region: deps.config.region,
    folder: secretsDir,
  });
  const bank = await openpgp.generateKey({ userIDs: [{ name: 'Bank' }], passphrase: 'bank', format: 'armored' });
  const ours = await openpgp.generateKey({ userIDs: [{ name: 'Payouts' }], passphrase: 'ours', format: 'armored' });
  bankKey = {
    publicKey: bank.publicKey,
    privateKey: await openpgp.decryptKey({
      privateKey: await openpgp.readPrivateKey({ armoredKey: bank.privateKey }),
      passphrase: 'bank',
    }),
  };
  ourKey = { publicKey: ours.publicKey, privateKey: ours.privateKey };
  writeFileSync(join(secretsDir, 'ssh-key'), server.clientKey);
  writeFileSync(join(secretsDir, 'unknown-ssh-key'), server.unknownClientKey);
  writeFileSync(join(secretsDir, 'pgp-key'), ours.privateKey);
  writeFileSync(join(secretsDir, 'pgp-passphrase'), 'ours');
}, 120_000);

afterAll(async () => {
  await secretsManager?.stop();
  await server?.dispose();
});

/** A payout account's connection to the test server, with folders of its own. */
function sftpAccount(organizationId: string, currency: 'EUR' | 'USD', options: { pgp?: boolean } = {}) {
  const folders = server.folders(`account-${++folder}`);
  const account: SftpChannel = {
    organizationId,
    currency,
    host: server.host,
    port: server.port,
    hostKey: server.hostKey,
    user: server.user,
    privateKeySecret: 'ssh-key',
    uploadDir: folders.upload,
    downloadDir: folders.download,
    ...(options.pgp
      ? {
          pgp: {
            bankPublicKey: bankKey.publicKey,
            privateKeySecret: 'pgp-key',
            passphraseSecret: 'pgp-passphrase',
          },
        }
      : {}),
  };
  return { account, folders };
}

/** `count` payouts of a new organization filed by the batcher into `channel`. */
async function givenFiledPayouts(
  channel: BankChannel,
  options: { environment?: 'sandbox' | 'live'; currency?: 'EUR' | 'USD'; count?: number } = {},
) {
  const { environment = 'live', currency = 'EUR', count = 2 } = options;
  const { organization: created } = await givenOrganization(deps, { environment });
  const { organizationId } = created;
  const account = (currency === 'EUR' ? EUR_ACCOUNT : USD_ACCOUNT) as PayoutAccount;
  const organization =
    environment === 'live'
      ? await updateOrganization(deps.db, organizationId, { payoutAccounts: { [currency]: account } }, new Date())
      : created;
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Ada Lovelace',
    accountType: 'individual',
    email: 'ada@example.com',
  });
  await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
  await creditBalance(deps, { organizationId, customerId, amount: '1000' });
  const withdrawalBankId = await givenBank(deps, organizationId, customerId, { currency });
  const payouts = [];
  for (let i = 0; i < count; i++) {
    const { transaction } = await createWithdrawal(deps, {
      organization,
      customerId,
      withdrawalBankId,
      idempotencyKey: `sftp-${i}`,
      sourceAmount: '10',
    });
    payouts.push(transaction);
  }
  await batchPayouts(deps, channel);
  const record = async (id: string) =>
    (await getTransactionOfCustomer(deps.db, organizationId, customerId, id)) ?? expect.fail(`no payout ${id}`);
  const fileId = (await record(payouts[0]?.id ?? '')).paymentFileId ?? '';
  const file = (await getPaymentFile(deps.db, fileId)) ?? expect.fail('no payment file');
  const scope = { environment, organizationId };
  const name = (await channel.listOutbox(scope))[0] ?? expect.fail('nothing in the outbox');
  return {
    organizationId,
    payouts,
    record,
    file,
    name,
    body: (await channel.readOutbox(scope, name)) ?? '',
    balance: () => getBalance(deps.db, organizationId, customerId),
  };
}

const ports = (channel: BankChannel, connect?: MoverPorts['connect']): MoverPorts => ({
  channel,
  secrets: processSecrets({ region: deps.config.region, secrets: { endpoint: secretsManager.endpoint } }),
  ...(connect ? { connect } : {}),
});

const referencesOf = (payouts: { reference: string }[]) => payouts.map((payout) => payout.reference);
const filesIn = (path: string) => readdirSync(path).sort();

/** What the bank does with a report: encrypted to our key and signed with its own (or `signer`). */
async function sealedForUs(report: string, signer = bankKey.privateKey) {
  return openpgp.encrypt({
    message: await openpgp.createMessage({ text: report }),
    encryptionKeys: await openpgp.readKey({ armoredKey: ourKey.publicKey }),
    signingKeys: signer,
    format: 'binary',
  });
}

/** What the bank reads of an upload: decrypted with its key, our signature verified. */
async function openedByBank(path: string) {
  const { data, signatures } = await openpgp.decrypt({
    message: await openpgp.readMessage({ binaryMessage: readFileSync(path) }),
    decryptionKeys: bankKey.privateKey,
    verificationKeys: await openpgp.readKey({ armoredKey: ourKey.publicKey }),
    expectSigned: true,
  });
  await signatures[0]?.verified;
  return data;
}

describe('the SFTP mover against a real OpenSSH server', () => {
  it('PGP both ways: the payout leaves encrypted and signed; the bank pain.002 and camt.054 come back and settle it once', async () => {
    const channel = freshChannel();
    const { organizationId, payouts, record, file, name, body } = await givenFiledPayouts(channel);
    const { account, folders } = sftpAccount(organizationId, 'EUR', { pgp: true });

    const first = await moveAccountFiles(deps, ports(channel), account);

    expect(first.sent).toEqual([name]);
    expect(filesIn(folders.uploadPath)).toEqual([`${name}.pgp`]);
    expect(readFileSync(join(folders.uploadPath, `${name}.pgp`)).includes(Buffer.from('<Document'))).toBe(false);
    expect(await openedByBank(join(folders.uploadPath, `${name}.pgp`))).toBe(body);
    expect(await getFileDelivered(deps.db, organizationId, name)).toMatchObject({ remoteName: `${name}.pgp` });
    // Sent, the file leaves the outbox: a run lists only what is still to send.
    expect(await channel.listOutbox({ environment: 'live', organizationId })).toEqual([]);

    const accepted = writePain002({
      messageId: `${file.messageId.slice(0, 24)}-STATUS`,
      createdAt: new Date().toISOString(),
      originalMessageId: file.messageId,
      fileStatus: 'ACCP',
      paymentInfoId: file.paymentInfoId,
      payments: [],
    });
    const booked = bookingOf(file, referencesOf(payouts));
    writeFileSync(join(folders.downloadPath, 'status.xml.pgp'), await sealedForUs(accepted));
    writeFileSync(join(folders.downloadPath, 'booked.xml.pgp'), await sealedForUs(booked));

    const second = await moveAccountFiles(deps, ports(channel), account);
    // Downloaded into the organization's own live inbox, nowhere else.
    expect(await channel.listInbox({ environment: 'live', organizationId })).toHaveLength(2);
    expect(await channel.listInbox()).toEqual([]);
    const applied = await processInbox(deps, channel);
    // Fetched again: the same reports are not taken twice, nor read while unchanged; under another name, their facts
    // apply once.
    const reads: string[] = [];
    const counting: MoverPorts['connect'] = async (target) => {
      const session = await openSftp(target);
      const read = (path: string) => {
        reads.push(path);
        return session.read(path);
      };
      return { ...session, read };
    };
    const third = await moveAccountFiles(deps, ports(channel, counting), account);
    const readByThird = reads.length;
    writeFileSync(join(folders.downloadPath, 'booked-again.xml.pgp'), await sealedForUs(booked));
    const fourth = await moveAccountFiles(deps, ports(channel, counting), account);
    const appliedAgain = await processInbox(deps, channel);

    expect(second).toEqual({ sent: [], received: ['booked.xml.pgp', 'status.xml.pgp'], quarantined: [], refused: [] });
    expect(Object.values(applied).map((outcome) => outcome.outcome)).toEqual(['applied', 'applied']);
    expect(third.received).toEqual([]);
    expect(readByThird).toBe(0);
    expect(fourth.received).toEqual(['booked-again.xml.pgp']);
    expect(reads.map((path) => path.split('/').pop())).toEqual(['booked-again.xml.pgp']);
    expect(Object.values(appliedAgain)).toEqual([{ outcome: 'applied', applied: 0, skipped: 2 }]);
    for (const payout of payouts) expect((await record(payout.id)).status).toBe('COMPLETED');
    // Nothing is deleted at the bank.
    expect(filesIn(folders.downloadPath)).toEqual(['booked-again.xml.pgp', 'booked.xml.pgp', 'status.xml.pgp']);
  });

  it('the whole live path as the scheduled mover runs it: the server down for a while loses nothing and sends nothing twice', async () => {
    const channel = freshChannel();
    const { organizationId, payouts, record, file, name, body } = await givenFiledPayouts(channel);
    const { account, folders } = sftpAccount(organizationId, 'EUR', { pgp: true });
    await putSftpChannel(deps.db, account);
    const moveAll = () => moveBankFiles(deps, ports(channel));
    const down = async (runs: number) => {
      await server.stop();
      try {
        for (let run = 0; run < runs; run++) await expect(moveAll()).rejects.toThrow(/ECONNREFUSED/);
      } finally {
        await server.start();
      }
    };

    await down(2);
    expect(await getFileDelivered(deps.db, organizationId, name)).toBeUndefined();
    expect((await moveAll())[`${organizationId}/EUR`]?.sent).toEqual([name]);
    expect(await openedByBank(join(folders.uploadPath, `${name}.pgp`))).toBe(body);

    // The bank answers while the server is down again: the reports wait at the bank, nothing moves.
    const accepted = writePain002({
      messageId: `${file.messageId.slice(0, 24)}-STATUS`,
      createdAt: new Date().toISOString(),
      originalMessageId: file.messageId,
      fileStatus: 'ACCP',
      paymentInfoId: file.paymentInfoId,
      payments: [],
    });
    writeFileSync(join(folders.downloadPath, 'status.xml.pgp'), await sealedForUs(accepted));
    const booked = bookingOf(file, referencesOf(payouts));
    writeFileSync(join(folders.downloadPath, 'booked.xml.pgp'), await sealedForUs(booked));
    await down(2);
    await processInbox(deps, channel);
    for (const payout of payouts) expect((await record(payout.id)).status).toBe('PROCESSING');

    const back = (await moveAll())[`${organizationId}/EUR`];
    const applied = await processInbox(deps, channel);
    const later = (await moveAll())[`${organizationId}/EUR`];

    expect(back).toEqual({ sent: [], received: ['booked.xml.pgp', 'status.xml.pgp'], quarantined: [], refused: [] });
    // The pain.002 accepting the file moves nothing; the camt.054 completes both payouts.
    expect(Object.values(applied)).toEqual(
      expect.arrayContaining([
        { outcome: 'applied', applied: 2, skipped: 0 },
        { outcome: 'applied', applied: 0, skipped: 0 },
      ]),
    );
    expect(Object.values(applied)).toHaveLength(2);
    expect(later).toEqual({ sent: [], received: [], quarantined: [], refused: [] });
    expect(filesIn(folders.uploadPath)).toEqual([`${name}.pgp`]);
    for (const payout of payouts) expect((await record(payout.id)).status).toBe('COMPLETED');
    // Its connection goes, so the other tests' runs of the whole table see only their own.
    await deps.db.client.send(
      new DeleteCommand({ TableName: deps.db.tableName, Key: keys.sftpChannel(organizationId, 'EUR') }),
    );
  });

  it('ACH: the NACHA file leaves, the booking completes the payout, a NACHA return placed later fails it with the USDC back, once', async () => {
    const channel = freshChannel();
    const { organizationId, payouts, record, file, name, body, balance } = await givenFiledPayouts(channel, {
      currency: 'USD',
      count: 1,
    });
    const [payout] = payouts as [(typeof payouts)[0]];
    const { account, folders } = sftpAccount(organizationId, 'USD');

    await moveAccountFiles(deps, ports(channel), account);
    expect(readFileSync(join(folders.uploadPath, name), 'utf8')).toBe(body);
    writeFileSync(join(folders.downloadPath, 'statement.xml'), bookingOf(file, [payout.reference]));
    await moveAccountFiles(deps, ports(channel), account);
    await processInbox(deps, channel);
    expect((await record(payout.id)).status).toBe('COMPLETED');
    const afterBooking = await balance();

    const { returns } = nachaReturnOf(
      readFileSync(join(folders.uploadPath, name), 'utf8'),
      payout.reference,
      payout.targetAmount,
    );
    writeFileSync(join(folders.downloadPath, 'RETURNS.ach'), returns);
    await moveAccountFiles(deps, ports(channel), account);
    await processInbox(deps, channel);
    writeFileSync(join(folders.downloadPath, 'RETURNS-AGAIN.ach'), returns);
    await moveAccountFiles(deps, ports(channel), account);
    await processInbox(deps, channel);

    const returned = await record(payout.id);
    expect(returned.status).toBe('FAILED');
    expect(returned.failureReason).toMatch(/^Returned by the bank after booking, R03/);
    const after = await balance();
    expect(after.available - afterBooking.available).toBe(10_000_000n);
    expect(await channel.listQuarantine()).toEqual([]);
  });

  it('a live ACH prenote leaves the same way; its return placed on the server later fails the prenote once', async () => {
    const channel = freshChannel();
    const { organization } = await givenOrganization(deps, { environment: 'live' });
    const { organizationId } = organization;
    const live = await updateOrganization(
      deps.db,
      organizationId,
      { payoutAccounts: { USD: { ...USD_ACCOUNT, address: { ...USD_ACCOUNT.address } } } },
      new Date(),
    );
    const { customerId } = await createCustomer(deps, {
      organizationId,
      name: 'Ida Roe',
      accountType: 'individual',
      email: 'ida@example.com',
    });
    const bankId = await givenBank(deps, organizationId, customerId, { currency: 'USD' });
    const { prenote } = await requestPrenote(deps, { organizationId, customerId, bankId, organization: live });
    const reference = prenote?.reference ?? expect.fail('no prenote');
    const { files } = await sendDuePrenotes(deps, channel);
    const name = `${files[0]}.ach`;
    const { account, folders } = sftpAccount(organizationId, 'USD');
    const scope = { environment: 'live', organizationId } as const;
    await channel.writeOutbox(scope, 'FORGED.ach', 'not a file of ours');
    const filed = await channel.readOutbox(scope, name);

    const moved = await moveAccountFiles(deps, ports(channel), account);

    expect(moved).toMatchObject({ sent: [name], refused: ['FORGED.ach'] });
    const body = readFileSync(join(folders.uploadPath, name), 'utf8');
    expect(body).toBe(filed);
    // What is not ours stays in the outbox, never sent; what was sent has left it.
    expect(await channel.listOutbox(scope)).toEqual(['FORGED.ach']);
    const { entry, returns } = nachaReturnOf(body, reference, '0.00');
    expect(entry.transactionCode).toBe('23');
    writeFileSync(join(folders.downloadPath, 'PRENOTE-RETURNS.ach'), returns);
    await moveAccountFiles(deps, ports(channel), account);
    const first = await processInbox(deps, channel);
    const failed = await getBankOfCustomer(deps.db, organizationId, customerId, bankId);
    writeFileSync(join(folders.downloadPath, 'PRENOTE-RETURNS-AGAIN.ach'), returns);
    await moveAccountFiles(deps, ports(channel), account);
    const again = await processInbox(deps, channel);

    expect(Object.values(first)).toEqual([{ outcome: 'applied', applied: 1, skipped: 0 }]);
    expect(Object.values(again)).toMatchObject([{ outcome: 'applied' }]);
    expect(failed?.prenote).toMatchObject({ status: 'FAILED', returnCode: 'R03' });
    // The second delivery changes nothing.
    expect(await getBankOfCustomer(deps.db, organizationId, customerId, bankId)).toEqual(failed);
  });

  it('the server down: the run fails and sends nothing; up again, the file is sent once, never twice', async () => {
    const channel = freshChannel();
    const { organizationId, name } = await givenFiledPayouts(channel);
    const { account, folders } = sftpAccount(organizationId, 'EUR');

    await server.stop();
    try {
      await expect(moveAccountFiles(deps, ports(channel), account)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await server.start();
    }
    expect(await getFileDelivered(deps.db, organizationId, name)).toBeUndefined();
    const up = await moveAccountFiles(deps, ports(channel), account);
    const again = await moveAccountFiles(deps, ports(channel), account);

    expect(up.sent).toEqual([name]);
    expect(again.sent).toEqual([]);
    expect(filesIn(folders.uploadPath)).toEqual([name]);
  });

  it('a wrong host key: refused before anything is sent, counted for the alarm', async () => {
    const channel = freshChannel();
    const { organizationId, name } = await givenFiledPayouts(channel);
    const { account, folders } = sftpAccount(organizationId, 'EUR');
    counted.length = 0;

    await expect(
      moveAccountFiles(deps, ports(channel), { ...account, hostKey: server.otherHostKey }),
    ).rejects.toBeInstanceOf(HostKeyRefusedError);

    expect(filesIn(folders.uploadPath)).toEqual([]);
    expect(await getFileDelivered(deps.db, organizationId, name)).toBeUndefined();
    expect(counted).toContain('BankHostKeyRefused');
  });

  it('our key refused: an authentication failure, nothing sent', async () => {
    const channel = freshChannel();
    const { organizationId } = await givenFiledPayouts(channel);
    const { account, folders } = sftpAccount(organizationId, 'EUR');

    await expect(
      moveAccountFiles(deps, ports(channel), { ...account, privateKeySecret: 'unknown-ssh-key' }),
    ).rejects.toBeInstanceOf(SftpAuthenticationError);
    expect(filesIn(folders.uploadPath)).toEqual([]);
  });

  it('an upload cut off halfway: the bank never sees the file under its name; the next run sends it whole', async () => {
    const channel = freshChannel();
    const { organizationId, name, body } = await givenFiledPayouts(channel);
    const { account, folders } = sftpAccount(organizationId, 'EUR');
    const cutOff: MoverPorts['connect'] = async (target) => {
      const session = await openSftp(target);
      return {
        ...session,
        writeFile: async (path, data) => {
          await session.writeFile(path, data.subarray(0, Math.floor(data.length / 2)));
          session.close();
          throw new Error('connection lost');
        },
      };
    };

    await expect(moveAccountFiles(deps, ports(channel, cutOff), account)).rejects.toThrow('connection lost');
    expect(filesIn(folders.uploadPath)).toEqual([`${name}.part`]);
    await moveAccountFiles(deps, ports(channel), account);

    expect(filesIn(folders.uploadPath)).toEqual([name]);
    expect(readFileSync(join(folders.uploadPath, name), 'utf8')).toBe(body);
  });

  it('a report whose signature is not the bank’s is quarantined with the reason, never applied', async () => {
    const channel = freshChannel();
    const { organizationId, payouts, record, file } = await givenFiledPayouts(channel);
    const { account, folders } = sftpAccount(organizationId, 'EUR', { pgp: true });
    const impostor = await openpgp.generateKey({ userIDs: [{ name: 'Impostor' }], format: 'object' });
    const booked = bookingOf(file, referencesOf(payouts));
    writeFileSync(join(folders.downloadPath, 'forged.xml.pgp'), await sealedForUs(booked, impostor.privateKey));
    writeFileSync(join(folders.downloadPath, 'plain.xml'), booked);

    const result = await moveAccountFiles(deps, ports(channel), account);
    await processInbox(deps, channel);

    expect(result.quarantined).toEqual(['forged.xml.pgp', 'plain.xml']);
    expect(await channel.listInbox()).toEqual([]);
    expect(await channel.listQuarantine()).toHaveLength(2);
    const root = (await import('#test/support/rails/bank-channel.ts')).channelRoot(channel);
    const reasons = readdirSync(join(root, 'quarantine'))
      .filter((entry) => entry.endsWith('.error.txt'))
      .map((entry) => readFileSync(join(root, 'quarantine', entry), 'utf8'));
    expect(reasons.every((reason) => reason.startsWith('Unverified report: '))).toBe(true);
    for (const payout of payouts) expect((await record(payout.id)).status).toBe('PROCESSING');
  });
});

describe('sandbox and live never mix', () => {
  it("a report comes into its organization's inbox and speaks only of that organization's payouts of that environment", async () => {
    const channel = freshChannel();
    const live = await givenFiledPayouts(channel);
    const other = await givenFiledPayouts(channel);
    const sandbox = await givenFiledPayouts(channel, { environment: 'sandbox' });
    const { account, folders } = sftpAccount(live.organizationId, 'EUR');
    const references = (filed: typeof live) => filed.payouts.map((payout) => payout.reference);
    const liveInbox = { environment: 'live', organizationId: live.organizationId } as const;
    // The sandbox payout's booking, on the live organization's bank server and dropped into its live inbox; the live
    // payout's booking in the sandbox organization's inbox and in another live organization's.
    writeFileSync(join(folders.downloadPath, 'sandbox-booked.xml'), bookingOf(sandbox.file, references(sandbox)));
    await channel.writeInbox('planted.xml', bookingOf(sandbox.file, references(sandbox)), liveInbox);
    await channel.writeInbox('live-booked.xml', bookingOf(live.file, references(live)), {
      environment: 'sandbox',
      organizationId: sandbox.organizationId,
    });
    await channel.writeInbox('live-booked.xml', bookingOf(live.file, references(live)), {
      environment: 'live',
      organizationId: other.organizationId,
    });

    const moved = await moveAccountFiles(deps, ports(channel), account);
    const outcomes = await processInbox(deps, channel);

    expect(moved.received).toEqual(['sandbox-booked.xml']);
    expect(await channel.listInbox()).toEqual([]);
    expect(Object.keys(outcomes).every((key) => key.startsWith('live/') || key.startsWith('sandbox/'))).toBe(true);
    expect(Object.values(outcomes)).toHaveLength(4);
    for (const outcome of Object.values(outcomes)) {
      expect(outcome).toMatchObject({
        outcome: 'quarantined',
        error: expect.stringMatching(
          /^Not applied: Contradiction: .* is not a (live|sandbox) payout of the organization whose inbox the report came into$/,
        ),
      });
    }
    for (const filed of [live, other, sandbox]) {
      for (const payout of filed.payouts) expect((await filed.record(payout.id)).status).toBe('PROCESSING');
    }

    // In its own organization's inbox, the same booking settles the live payouts.
    await channel.writeInbox('live-booked.xml', bookingOf(live.file, references(live)), liveInbox);
    expect(Object.values(await processInbox(deps, channel))).toEqual([{ outcome: 'applied', applied: 2, skipped: 0 }]);
    for (const payout of live.payouts) expect((await live.record(payout.id)).status).toBe('COMPLETED');
  });

  it('a sandbox file planted in a live outbox is refused by the mover; a live file planted in a sandbox outbox is never answered', async () => {
    const channel = freshChannel();
    const live = await givenFiledPayouts(channel);
    const sandbox = await givenFiledPayouts(channel, { environment: 'sandbox' });
    const { account, folders } = sftpAccount(live.organizationId, 'EUR');
    await channel.writeOutbox({ environment: 'live', organizationId: live.organizationId }, sandbox.name, sandbox.body);
    await channel.writeOutbox({ environment: 'sandbox', organizationId: sandbox.organizationId }, live.name, live.body);

    const moved = await moveAccountFiles(deps, ports(channel), account);
    await answerSandboxFiles(deps, channel, new Date(Date.now() + 3_600_000));
    await processInbox(deps, channel);

    expect(moved.sent).toEqual([live.name]);
    expect(moved.refused).toEqual([sandbox.name]);
    expect(filesIn(folders.uploadPath)).toEqual([live.name]);
    for (const payout of sandbox.payouts) expect((await sandbox.record(payout.id)).status).toBe('COMPLETED');
    for (const payout of live.payouts) expect((await live.record(payout.id)).status).toBe('PROCESSING');
    expect((await getPaymentFile(deps.db, live.file.messageId))?.status).toBe('WRITTEN');
  });

  it('a sandbox organization given an SFTP connection sends nothing', async () => {
    const channel = freshChannel();
    const sandbox = await givenFiledPayouts(channel, { environment: 'sandbox' });
    const { account, folders } = sftpAccount(sandbox.organizationId, 'EUR');
    await putSftpChannel(deps.db, account);

    await expect(moveBankFiles(deps, ports(channel))).rejects.toThrow(/is not live/);
    expect(filesIn(folders.uploadPath)).toEqual([]);
  });
});

describe('10,000 payouts in one file', () => {
  it('uploads encrypted and signed, and the bank reads every payment', async () => {
    const { folders } = sftpAccount('bench', 'EUR');
    const body = sepaFileOf(10_000);
    const session = await openSftp({ ...server, privateKey: server.clientKey });
    const started = performance.now();
    try {
      const pgp = { bankPublicKey: bankKey.publicKey, ourPrivateKey: ourKey.privateKey, passphrase: 'ours' };
      expect(await putFile(session, folders.upload, 'big.xml', Buffer.from(body), pgp)).toBe('big.xml.pgp');
    } finally {
      session.close();
    }
    const elapsed = performance.now() - started;

    expect(endToEndIdsOf(await openedByBank(join(folders.uploadPath, 'big.xml.pgp')))).toHaveLength(10_000);
    console.info(`10,000 payouts: encrypted, signed and uploaded in ${Math.round(elapsed)} ms`);
  });
});
