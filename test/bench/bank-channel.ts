/**
 * The SFTP bank channel end to end: `node --import tsx test/bench/bank-channel.ts [--payouts 10000]
 * [--stage-out <file.json>] [--max-minutes 90]` (`npm run bench` runs it: 10,000 payouts, 500 with `--short`). Needs
 * root: the bank is a real OpenSSH server on loopback (test/support/sftp/openssh-server.ts), PGP on both ways.
 *
 * A live organization's `--payouts` PROCESSING withdrawals (100 customers to a hundred payouts; made by the create
 * use case itself, `createWithdrawal`, in this process and not through HTTP: the create is not what is measured
 * here, test/bench/payout-cost.ts prices it) go the real way, each step the very handler Lambda runs:
 * - file + upload, in rounds as the two schedules meet in AWS: one batcher run (it takes up to 495 due payouts,
 *   files of at most 99), then one mover run (`BankTransfer`), which uploads the new files encrypted and signed;
 * - the bank (not measured as ours): decrypts each upload, checks every payment is in it, and answers each file with
 *   a pain.002 and a camt.054 booking all its payments (the report writers the tests use), encrypted to our key and
 *   signed with its own, in its download folder;
 * - download: one mover run takes every report into the organization's live inbox;
 * - report: the report function, once per inbox object, as S3's `Object Created` event invokes it.
 * Then every payout must be COMPLETED, the reports' applied facts must number the payouts, every customer's balance
 * must be debited once; the bank sends every camt.054 again under another name, and nothing more applies.
 *
 * Each stage's DynamoDB capacity, S3 requests (an in-memory bucket behind the real S3 channel) and Secrets Manager
 * calls (to the stand-in `npm start` runs) are counted (test/bench/stage-meter.ts); the mover's GB-seconds are its
 * memory × its measured runs. The floor, measured in the same run: the same encrypted bytes uploaded, and the same
 * reports read, over the same kind of connection with ssh2 alone (test/bench/bank-channel-floor.ts). Also: one file
 * of all the payouts against the files of 99 (decision 0132), and the mover's run when nothing is new.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import * as openpgp from 'openpgp';
import { FUNCTION_MEMORY_MB } from '#infra/aws/function.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { startLocalSecretsManager } from '#infra/local/secrets-manager.ts';
import { ensureTable } from '#infra/local/table.ts';
import { importHandler } from '#infra/local/worker.ts';
import { downloadFloor, type FloorTarget, uploadFloor } from '#test/bench/bank-channel-floor.ts';
import { type ChannelMeasurement, channelMarkdown, channelStage } from '#test/bench/bank-channel-report.ts';
import { stageMeter } from '#test/bench/stage-meter.ts';
import { endToEndIdsOf } from '#test/support/rails/bank-channel.ts';
import { bookingOf, EUR_ACCOUNT } from '#test/support/sftp/mover-files.ts';
import { startOpenSshServer } from '#test/support/sftp/openssh-server.ts';

const { values } = parseArgs({
  options: {
    payouts: { type: 'string', default: '10000' },
    'stage-out': { type: 'string' },
    'max-minutes': { type: 'string', default: '90' },
  },
});
const PAYOUTS = Number(values.payouts);
const MAX_MINUTES = Number(values['max-minutes']);
if (!Number.isInteger(PAYOUTS) || PAYOUTS < 1)
  throw new Error(`--payouts takes a whole number from 1: ${values.payouts}`);
if (!(MAX_MINUTES > 0)) throw new Error(`--max-minutes takes a number of minutes: ${values['max-minutes']}`);
if (process.getuid?.() !== 0) {
  // The bank's server chroots its SFTP user, which only root can set up; the rest of `npm run bench` goes on.
  process.stdout.write('The SFTP channel bench needs root (a chrooted OpenSSH server on loopback): not run.\n');
  process.exit(0);
}
const TABLE = 'payouts-bench-channel';
const BUCKET = 'payouts-bench-channel';
const PER_CUSTOMER = 100;
const AMOUNT = '10';
/** Customers whose payouts are created at once while seeding (each customer's own one after the other). */
const SEED_LANES = 8;
/** Idle mover runs measured after everything moved. */
const IDLE_RUNS = 3;
const SECRET = {
  ssh: 'payouts-bench/bank/ssh-key',
  pgp: 'payouts-bench/bank/pgp-key',
  pass: 'payouts-bench/bank/pgp-pass',
};

const dynamo = await startDynamoDbLocal({ dataDir: null });
const server = await startOpenSshServer();
const secretsDir = mkdtempSync(join(tmpdir(), 'payouts-bench-secrets-'));
const secretsManager = await startLocalSecretsManager({
  credentials: LOCAL_CREDENTIALS,
  region: LOCAL_REGION,
  folder: secretsDir,
});
const cleanUp = async () => {
  await secretsManager.stop();
  await server.dispose();
  await dynamo.stop();
  rmSync(secretsDir, { recursive: true, force: true });
};
// Bounded: a run that outlives its minutes stops the bank's server and fails rather than holding the machine.
const watchdog = setTimeout(() => {
  process.stderr.write(`bank-channel: still running after ${MAX_MINUTES} minutes; stopped\n`);
  void cleanUp().finally(() => process.exit(1));
}, MAX_MINUTES * 60_000);
watchdog.unref();

Object.assign(process.env, {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  LOG_LEVEL: 'error',
  TABLE_NAME: TABLE,
  DYNAMODB_ENDPOINT: dynamo.endpoint,
  AWS_REGION: LOCAL_REGION,
  AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  BANK_CHANNEL_BUCKET: BUCKET,
  SECRETS_MANAGER_ENDPOINT: secretsManager.endpoint,
});
const tables = new DynamoDBClient({ endpoint: dynamo.endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
await ensureTable(tables, TABLE);
tables.destroy();

// Imported after the environment is set: the handlers read their configuration on first use.
const { appDeps } = await import('#shared/deps.ts');
const { createOrganization } = await import('#shared/organizations/organization-admin.ts');
const { getOrganization, updateOrganization } = await import('#shared/organizations/repository.ts');
const { setAllowance } = await import('#shared/ledger/set-allowance.ts');
const { createCustomer } = await import('#shared/customers/create-customer.ts');
const { approveKyc } = await import('#shared/customers/approve-kyc.ts');
const { creditBalance } = await import('#shared/deposits/credit-balance.ts');
const { createWithdrawal } = await import('#shared/withdrawals/create-withdrawal.ts');
const { getTransactionOfCustomer } = await import('#shared/transactions/transaction-repository.ts');
const { getBalance } = await import('#shared/ledger/balance-repository.ts');
const { getPaymentFile } = await import('#shared/payouts/payment-file-repository.ts');
const { paymentFileName } = await import('#shared/payouts/payout-rail.ts');
const { putSftpChannel } = await import('#shared/bank-transfer/repository.ts');
const { encryptAndSign } = await import('#shared/bank-transfer/pgp.ts');
const { writePain002 } = await import('#shared/rails/bank/report-writer.ts');
const { writeRailFile } = await import('#shared/rails/bank/rail-files.ts');
const { keys } = await import('#shared/db/keys.ts');
const { MAX_DUE } = await import('#shared/payouts/batch-payouts.ts');
const { BACKGROUND_FUNCTIONS } = await import('#shared/config/background-functions.ts');
const { givenBank } = await import('#test/support/withdrawals/withdrawal-requests.ts');
const deps = appDeps();
const meter = stageMeter({ db: deps.db, bucket: BUCKET, memoryMb: FUNCTION_MEMORY_MB });

type MoveResults = Record<string, { sent: string[]; received: string[]; quarantined: string[]; refused: string[] }>;
const batcher = await importHandler<() => Promise<{ files: string[]; payments: number }>>(
  BACKGROUND_FUNCTIONS.PayoutBatcher.handler,
);
const mover = await importHandler<() => Promise<MoveResults>>(BACKGROUND_FUNCTIONS.BankTransfer.handler);
type Outcome = { outcome: string; applied?: number; skipped?: number; error?: string };
const reports = await importHandler<(event: unknown) => Promise<Record<string, Outcome>>>(
  BACKGROUND_FUNCTIONS.BankReports.handler,
);

// The bank's key pair and ours; our SSH key and PGP key in the secret store, as an operator configures a live bank.
const bankPair = await openpgp.generateKey({ userIDs: [{ name: 'Bank' }], passphrase: 'bank', format: 'armored' });
const ourPair = await openpgp.generateKey({ userIDs: [{ name: 'Payouts' }], passphrase: 'ours', format: 'armored' });
const bankPrivate = await openpgp.decryptKey({
  privateKey: await openpgp.readPrivateKey({ armoredKey: bankPair.privateKey }),
  passphrase: 'bank',
});
const ourPublic = await openpgp.readKey({ armoredKey: ourPair.publicKey });
writeFileSync(join(secretsDir, encodeURIComponent(SECRET.ssh)), server.clientKey);
writeFileSync(join(secretsDir, encodeURIComponent(SECRET.pgp)), ourPair.privateKey);
writeFileSync(join(secretsDir, encodeURIComponent(SECRET.pass)), 'ours');
const pgpKeys = { bankPublicKey: bankPair.publicKey, ourPrivateKey: ourPair.privateKey, passphrase: 'ours' };
const floorTarget: FloorTarget = {
  host: server.host,
  port: server.port,
  user: server.user,
  privateKey: server.clientKey,
};

/** What the bank reads of an upload: decrypted with its key, our signature verified. */
async function openedByBank(bytes: Buffer) {
  const { data, signatures } = await openpgp.decrypt({
    message: await openpgp.readMessage({ binaryMessage: bytes }),
    decryptionKeys: bankPrivate,
    verificationKeys: ourPublic,
    expectSigned: true,
  });
  await signatures[0]?.verified;
  return String(data);
}

/** What the bank leaves for us: encrypted to our key, signed with its own. */
const sealedForUs = async (report: string) =>
  openpgp.encrypt({
    message: await openpgp.createMessage({ text: report }),
    encryptionKeys: ourPublic,
    signingKeys: bankPrivate,
    format: 'binary',
  });

/** A live organization with a EUR payout account, its customers and `count` PROCESSING payouts (not measured). */
async function seed(count: number) {
  const { organization: created } = await createOrganization(deps.db, deps.clock, {
    name: 'Bench Payouts GmbH',
    environment: 'live',
  });
  const { organizationId } = created;
  const accounted = await updateOrganization(
    deps.db,
    organizationId,
    { payoutAccounts: { EUR: EUR_ACCOUNT as never } },
    new Date(),
  );
  // An allowance over the run's payouts, so none is PROPOSED for the organization's approval.
  await setAllowance(deps, accounted, { limit: '900000000', resetPeriodMinutes: 0 });
  const organization = (await getOrganization(deps.db, organizationId)) ?? accounted;
  const customers: { customerId: string; withdrawalBankId: string; payouts: number }[] = [];
  for (let left = count; left > 0; left -= PER_CUSTOMER) {
    const payouts = Math.min(PER_CUSTOMER, left);
    const { customerId } = await createCustomer(deps, {
      organizationId,
      name: 'Ada Lovelace',
      accountType: 'individual',
      email: 'ada@example.com',
    });
    await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
    await creditBalance(deps, { organizationId, customerId, amount: String(payouts * Number(AMOUNT)) });
    customers.push({ customerId, withdrawalBankId: await givenBank(deps, organizationId, customerId), payouts });
  }
  const created_: { customerId: string; id: string }[] = [];
  const queue = [...customers];
  const lane = async () => {
    for (let customer = queue.shift(); customer; customer = queue.shift()) {
      for (let i = 0; i < customer.payouts; i++) {
        const request = {
          organization,
          customerId: customer.customerId,
          withdrawalBankId: customer.withdrawalBankId,
          idempotencyKey: `bench-${customer.customerId}-${i}`,
          sourceAmount: AMOUNT,
        };
        // A busy database's 503 is sent again with the same key: it makes the payout once.
        const { transaction } = await createWithdrawal(deps, request).catch(() => createWithdrawal(deps, request));
        if (transaction.status !== 'PROCESSING') throw new Error(`payout ${transaction.id} is ${transaction.status}`);
        created_.push({ customerId: customer.customerId, id: transaction.id });
      }
    }
  };
  await Promise.all(Array.from({ length: SEED_LANES }, lane));
  return { organizationId, customers, payouts: created_ };
}

/** `count` payouts from PROCESSING to COMPLETED through the SFTP channel; what each stage took and used. */
async function scenario(count: number, label: string): Promise<ChannelMeasurement> {
  const seedStarted = performance.now();
  const { organizationId, customers, payouts } = await seed(count);
  const seedMs = performance.now() - seedStarted;
  const progress = (what: string) => process.stderr.write(`bank-channel ${label}: ${what}\n`);
  progress(`${count} payouts seeded in ${Math.round(seedMs / 1000)} s`);
  const folders = server.folders(`bench-${label}`);
  await putSftpChannel(deps.db, {
    organizationId,
    currency: 'EUR',
    host: server.host,
    port: server.port,
    hostKey: server.hostKey,
    user: server.user,
    privateKeySecret: SECRET.ssh,
    uploadDir: folders.upload,
    downloadDir: folders.download,
    pgp: { bankPublicKey: bankPair.publicKey, privateKeySecret: SECRET.pgp, passphraseSecret: SECRET.pass },
  });
  const account = `${organizationId}/EUR`;
  const stages = {
    file: meter.newTally(),
    upload: meter.newTally(),
    download: meter.newTally(),
    report: meter.newTally(),
    resent: meter.newTally(),
    idle: meter.newTally(),
  };
  const { file, upload, download, report, resent, idle } = stages;

  // File and upload, round after round, until every payout is filed.
  const fileIds: string[] = [];
  const uploadRuns: string[][] = [];
  let filedPayouts = 0;
  for (let round = 0; filedPayouts < count; round++) {
    if (round > count / MAX_DUE + 3) throw new Error(`${round} batcher runs filed ${filedPayouts}`);
    const filed = await meter.invoke(file, () => batcher());
    fileIds.push(...filed.files);
    filedPayouts += filed.payments;
    const moved = (await meter.invoke(upload, () => mover()))[account];
    if (!moved || moved.refused.length) throw new Error(`the mover's run: ${JSON.stringify(moved)}`);
    uploadRuns.push(moved.sent);
  }
  const sent = uploadRuns.flat();
  progress(`${fileIds.length} files filed and uploaded`);
  if (sent.length !== fileIds.length) throw new Error(`${sent.length} files uploaded of ${fileIds.length}`);

  // The bank: reads every upload, answers every file.
  const bankStarted = performance.now();
  const bookings = new Map<string, string>();
  const records = [];
  let xmlBytes = 0;
  for (const messageId of fileIds) {
    const record = await getPaymentFile(deps.db, messageId);
    if (!record) throw new Error(`no payment file ${messageId}`);
    records.push(record);
    xmlBytes += Buffer.byteLength(record.xml);
    const received = await openedByBank(readFileSync(join(folders.uploadPath, `${paymentFileName(record)}.pgp`)));
    if (received !== record.xml) throw new Error(`the bank read another file than ${messageId}`);
    if (endToEndIdsOf(received).length !== record.payments.length) throw new Error(`payments missing in ${messageId}`);
    const status = writePain002({
      messageId: `${messageId.slice(0, 24)}-STATUS`,
      createdAt: new Date().toISOString(),
      originalMessageId: messageId,
      fileStatus: 'ACCP',
      paymentInfoId: record.paymentInfoId,
      payments: [],
    });
    const booked = bookingOf(
      record,
      record.payments.map((payment) => payment.reference),
    );
    writeFileSync(join(folders.downloadPath, `${messageId}.pain002.xml.pgp`), await sealedForUs(status));
    writeFileSync(join(folders.downloadPath, `${messageId}.camt054.xml.pgp`), await sealedForUs(booked));
    bookings.set(messageId, booked);
  }
  const bankMs = performance.now() - bankStarted;

  // Download, then the report function once per report.
  const got = (await meter.invoke(download, () => mover()))[account];
  if (got?.received.length !== 2 * fileIds.length || got.quarantined.length)
    throw new Error(`the mover took ${JSON.stringify(got)}`);
  progress(`${got.received.length} reports downloaded`);
  const applied = await applyInbox(organizationId, report);
  progress(`${applied.applied} facts applied`);
  if (applied.applied !== count) throw new Error(`${applied.applied} facts applied for ${count} payouts`);

  // Settled exactly once: every payout COMPLETED, every balance debited once, and a report sent again applies nothing.
  for (const { customerId, id } of payouts) {
    const stored = await getTransactionOfCustomer(deps.db, organizationId, customerId, id);
    if (stored?.status !== 'COMPLETED') throw new Error(`payout ${id} is ${stored?.status}`);
  }
  for (const { customerId } of customers) {
    const balance = await getBalance(deps.db, organizationId, customerId);
    if (String(balance.available) !== '0' || String(balance.locked) !== '0')
      throw new Error(
        `customer ${customerId}: ${JSON.stringify(balance, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
      );
  }
  for (const [messageId, booked] of bookings) {
    writeFileSync(join(folders.downloadPath, `${messageId}.camt054-again.xml.pgp`), await sealedForUs(booked));
  }
  const again = (await meter.invoke(resent, () => mover()))[account];
  const reapplied = await applyInbox(organizationId, resent);
  if (again?.received.length !== fileIds.length || reapplied.applied !== 0 || reapplied.skipped !== count)
    throw new Error(`sent again: ${again?.received.length} taken, ${reapplied.applied} applied`);

  // The mover's run with nothing new, every minute from now on.
  for (let i = 0; i < IDLE_RUNS; i++) {
    const nothing = (await meter.invoke(idle, () => mover()))[account];
    if (nothing?.sent.length || nothing?.received.length)
      throw new Error(`an idle run moved ${JSON.stringify(nothing)}`);
  }
  // Its connection goes, so the next scenario's mover runs see only their own.
  await deps.db.client.send(
    new DeleteCommand({ TableName: deps.db.tableName, Key: keys.sftpChannel(organizationId, 'EUR') }),
  );

  // The floor: the same encrypted bytes up, one connection per mover run that sent any; the same reports down.
  const uploadFolder = server.folders(`floor-up-${label}`).upload;
  let uploadFloorMs = 0;
  for (const names of uploadRuns.filter((run) => run.length > 0)) {
    const files = names.map((name): [string, Buffer] => [
      `${name}.pgp`,
      readFileSync(join(folders.uploadPath, `${name}.pgp`)),
    ]);
    uploadFloorMs += await uploadFloor(floorTarget, uploadFolder, files);
  }
  const firstAnswers = readdirSync(folders.downloadPath).filter((name) => !name.includes('-again'));
  const downFolder = server.folders(`floor-down-${label}`);
  for (const name of firstAnswers)
    writeFileSync(join(downFolder.downloadPath, name), readFileSync(join(folders.downloadPath, name)));
  const downloadFloorResult = await downloadFloor(floorTarget, downFolder.download);

  const uploadedBytes = sent.reduce((sum, name) => sum + statSync(join(folders.uploadPath, `${name}.pgp`)).size, 0);
  upload.internetBytesOut += uploadedBytes;
  return {
    payouts: count,
    files: fileIds.length,
    reports: 2 * fileIds.length,
    uploadedBytes,
    xmlBytes,
    seedMs,
    bankMs,
    uploadFloorMs,
    downloadFloorMs: downloadFloorResult.ms,
    longestMoverRunMs: Math.max(...upload.durationsMs, ...download.durationsMs),
    stages,
    usage: {
      upload: meter.usageOf(upload),
      download: meter.usageOf(download),
      idle: meter.usageOf(idle),
      inboxWrites: upload.inboxWrites + download.inboxWrites,
    },
    records,
  };
}

/** The report function once per object of the organization's live inbox, as S3's event invokes it. */
async function applyInbox(organizationId: string, tally: ReturnType<typeof meter.newTally>) {
  const prefix = `live/${organizationId}/inbox/`;
  const inbox = [...meter.bucket.objects.keys()].filter((key) => key.startsWith(prefix)).sort();
  let applied = 0;
  let skipped = 0;
  for (const key of inbox) {
    const outcomes = await meter.invoke(tally, () =>
      reports({ detail: { bucket: { name: BUCKET }, object: { key } } }),
    );
    for (const outcome of Object.values(outcomes)) {
      if (outcome.outcome !== 'applied') throw new Error(`report ${key}: ${JSON.stringify(outcome)}`);
      applied += outcome.applied ?? 0;
      skipped += outcome.skipped ?? 0;
    }
  }
  return { applied, skipped };
}

/**
 * One file of every payout of the run against the run's files of 99 (decision 0132): the XML, its encryption and
 * signature, and its upload over one connection with ssh2 alone, against the same for the files as they were.
 */
async function oneFileAgainstMany(measured: ChannelMeasurement) {
  const [first] = measured.records;
  if (!first) throw new Error('no file');
  const createdAt = new Date(first.createdAt);
  const executionDate = first.executionDate ?? first.createdAt.slice(0, 10);
  const debtor = EUR_ACCOUNT as never;
  const payments = measured.records.flatMap((record) =>
    record.payments.map((payment) => ({
      endToEndId: payment.reference,
      amount: payment.amount,
      remittance: `Payout ${payment.reference}`,
      creditor: {
        name: 'Ada Lovelace',
        kind: 'individual' as const,
        iban: 'DE89370400440532013000',
        accountNumber: null,
        bic: 'COBADEFFXXX',
        routingNumber: null,
        address: null,
      },
    })),
  );
  const big = writeRailFile(
    'SEPA',
    {
      messageId: 'f'.repeat(32),
      createdAt: first.createdAt,
      executionDate,
      initiatingParty: 'Bench Payouts GmbH',
      debtor,
      payments,
    },
    { createdAt, debtor, settlementDate: first.settlementDate ?? executionDate, fileOfDay: 0 },
  );
  let started = performance.now();
  const bigSealed = Buffer.from(await encryptAndSign(pgpKeys, Buffer.from(big)));
  const onePgpMs = performance.now() - started;
  started = performance.now();
  const manySealed: [string, Buffer][] = [];
  for (const record of measured.records)
    manySealed.push([
      `${record.messageId}.xml.pgp`,
      Buffer.from(await encryptAndSign(pgpKeys, Buffer.from(record.xml))),
    ]);
  const manyPgpMs = performance.now() - started;
  const oneFolder = server.folders('one-file').upload;
  const manyFolder = server.folders('many-files').upload;
  const manyUploadMs = await uploadFloor(floorTarget, manyFolder, manySealed);
  const oneUploadMs = await uploadFloor(floorTarget, oneFolder, [['all.xml.pgp', bigSealed]]);
  return {
    bytes: Buffer.byteLength(big),
    sealedBytes: bigSealed.length,
    onePgpMs,
    manyPgpMs,
    oneUploadMs,
    manyUploadMs,
  };
}

try {
  // Unmeasured first, as every operation of the bench: the code paths meet the first run not yet compiled.
  const warm = await scenario(1, 'warm');
  const coldSecretCalls = Object.values(warm.stages).reduce((sum, tally) => sum + tally.secretsManagerCalls, 0);
  const single = await scenario(1, 'single');
  process.stderr.write(`bank-channel: seeding ${PAYOUTS} payouts\n`);
  const full = await scenario(PAYOUTS, 'full');
  full.oneFile = await oneFileAgainstMany(full);
  const stage = channelStage(single, full, coldSecretCalls);
  if (values['stage-out']) writeFileSync(values['stage-out'], `${JSON.stringify(stage, null, 2)}\n`);
  process.stdout.write(`${channelMarkdown(full, stage, coldSecretCalls)}\n`);
} finally {
  clearTimeout(watchdog);
  await cleanUp();
}
process.exit(0);
