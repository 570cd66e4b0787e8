import { randomUUID } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { processInbox } from '#shared/payouts/apply-bank-report.ts';
import { fileWithdrawalNow } from '#shared/payouts/batch-payouts.ts';
import { type BankChannel, folderChannel, quarantineName } from '#shared/rails/bank/channel.ts';
import { bucketChannel } from '#shared/rails/bank/s3-channel.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { bookedReport, freshChannel, type Reported } from '#test/support/rails/bank-channel.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * Whatever lands in the inbox, nothing waits: an object that cannot be read as a report (a name outside the
 * channel's pattern, a symlink, over the size limit) is quarantined alone, unread, with its reason, and the report
 * after it is applied, on the local folder channel and on the S3 channel (fauxqs's S3 API, as in AWS).
 */
const deps = integrationDeps();
/** The limit of these tests: small, so an oversized report is cheap to write. */
const LIMIT = 4096;
const limited: Deps = { ...deps, config: { ...deps.config, bank: { ...deps.config.bank, maxReportBytes: LIMIT } } };

/** A PROCESSING 10 USDC payout filed alone, as a bank would report on it. */
async function givenPayout() {
  const { organization } = await givenOrganization(deps, { environment: 'sandbox' });
  const { organizationId } = organization;
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Ada Lovelace',
    accountType: 'individual',
    email: 'ada@example.com',
  });
  await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
  await creditBalance(deps, { organizationId, customerId, amount: '1000' });
  const withdrawalBankId = await givenBank(deps, organizationId, customerId, {});
  const { transaction } = await createWithdrawal(deps, {
    organization,
    customerId,
    withdrawalBankId,
    idempotencyKey: 'payout',
    sourceAmount: '10',
  });
  const record = () => getTransactionOfCustomer(deps.db, organizationId, customerId, transaction.id);
  await fileWithdrawalNow(deps, freshChannel(), (await record()) as TransactionRecord);
  const status = async () => (await record())?.status;
  return { payout: transaction as Reported, status };
}

/** A report larger than the limit: a real booking padded with whitespace, so only its size is wrong. */
const oversized = (xml: string) => xml.replace('</Document>', `${' '.repeat(LIMIT)}</Document>`);

describe('the folder channel (npm start)', () => {
  const root = mkdtempSync(join(tmpdir(), 'payouts-bank-quarantine-'));
  const inbox = join(root, 'inbox');
  const channel = folderChannel(root);

  it('quarantines unsafe names, symlinks (never followed) and oversized reports alone, and applies the report after them', async () => {
    const { payout, status } = await givenPayout();
    const { payout: linked, status: linkedStatus } = await givenPayout();
    mkdirSync(inbox, { recursive: true });
    const outside = mkdtempSync(join(tmpdir(), 'payouts-outside-'));
    writeFileSync(join(outside, 'booking.xml'), bookedReport([linked]));
    writeFileSync(join(inbox, '..%2F..%2Fetc%2Fpasswd'), bookedReport([payout]));
    writeFileSync(join(inbox, 'a\\b.xml'), bookedReport([payout]));
    writeFileSync(join(inbox, '.hidden.xml'), bookedReport([payout]));
    symlinkSync('/etc/passwd', join(inbox, 'b-passwd.xml'));
    symlinkSync(join(outside, 'booking.xml'), join(inbox, 'c-outside.xml'));
    writeFileSync(join(inbox, 'd-large.xml'), oversized(bookedReport([payout])));
    writeFileSync(join(inbox, 'z-good.xml'), bookedReport([payout]));

    const outcomes = await processInbox(limited, channel);

    expect(outcomes['z-good.xml']).toMatchObject({ outcome: 'applied', applied: 1 });
    expect(await status()).toBe('COMPLETED');
    // The symlinked booking of another payout was never read, so never applied.
    expect(await linkedStatus()).toBe('PROCESSING');
    expect(outcomes['b-passwd.xml']).toEqual({
      outcome: 'quarantined',
      error: 'Unreadable report: a symbolic link (never followed)',
    });
    expect(outcomes['c-outside.xml']?.outcome).toBe('quarantined');
    expect(outcomes['d-large.xml']).toEqual({
      outcome: 'quarantined',
      error: expect.stringMatching(/^Unreadable report: \d+ bytes, over the limit of 4096 \(BANK_REPORT_MAX_BYTES\)$/),
    });
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'a\\b.xml', '.hidden.xml']) {
      expect(outcomes[name]).toEqual({
        outcome: 'quarantined',
        error: 'Unreadable report: its name is not a bank channel file name (letters, digits, `.`, `_`, `-`)',
      });
      const as = quarantineName(name);
      expect(as).toMatch(/^unsafe-name-[0-9a-f]{24}$/);
      expect(readFileSync(join(root, 'quarantine', `${as}.error.txt`), 'utf8')).toContain(
        `Original name: ${JSON.stringify(name)}`,
      );
    }
    // Moved as the links they are: the quarantine holds the symlinks, not what they point to.
    expect(lstatSync(join(root, 'quarantine', 'b-passwd.xml')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(root, 'quarantine', 'c-outside.xml')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(outside, 'booking.xml'))).toBe(true);
    expect(await channel.listInbox()).toEqual([]);
    expect(await processInbox(limited, channel)).toEqual({});
  });
});

describe('the S3 channel (AWS), on fauxqs', () => {
  const bucket = `bank-channel-${randomUUID()}`;
  const client = new S3Client({
    endpoint: deps.config.documents.endpoint,
    forcePathStyle: true,
    region: deps.config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const channel: BankChannel = bucketChannel(bucket, client);
  const put = (key: string, body: string) =>
    client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
  const text = async (key: string) =>
    (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToString('utf-8');

  afterAll(() => client.destroy());

  it('quarantines unsafe names (under a generated one) and oversized objects alone, and applies the report after them', async () => {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    const { payout, status } = await givenPayout();
    await put('inbox/..%2F..%2Fprocessed%2Fx.xml', bookedReport([payout]));
    await put('inbox/a\\b.xml', bookedReport([payout]));
    await put('inbox/nested/c.xml', bookedReport([payout]));
    await put('inbox/d-large.xml', oversized(bookedReport([payout])));
    await put('inbox/z-good.xml', bookedReport([payout]));

    const outcomes = await processInbox(limited, channel);

    expect(outcomes['z-good.xml']).toMatchObject({ outcome: 'applied', applied: 1 });
    expect(await status()).toBe('COMPLETED');
    expect(outcomes['d-large.xml']?.outcome).toBe('quarantined');
    for (const name of ['..%2F..%2Fprocessed%2Fx.xml', 'a\\b.xml', 'nested/c.xml']) {
      expect(outcomes[name]?.outcome).toBe('quarantined');
      expect(await text(`quarantine/${quarantineName(name)}.error.txt`)).toContain(
        `Original name: ${JSON.stringify(name)}`,
      );
    }
    expect(await channel.listInbox()).toEqual([]);
    expect((await channel.listQuarantine()).sort()).toEqual(
      ['d-large.xml', ...['..%2F..%2Fprocessed%2Fx.xml', 'a\\b.xml', 'nested/c.xml'].map(quarantineName)].sort(),
    );
  });

  it('moves a file a mover sent from its outbox to its sent folder, once (a second move finds nothing to do)', async () => {
    const scope = { environment: 'live', organizationId: 'org-1' } as const;
    await channel.writeOutbox(scope, 'MSG1.xml', '<Document/>');
    await channel.writeOutbox(scope, 'MSG2.xml', '<Document/>');

    await channel.markSent(scope, 'MSG1.xml');
    await channel.markSent(scope, 'MSG1.xml');

    expect(await channel.listOutbox(scope)).toEqual(['MSG2.xml']);
    expect(await text('live/org-1/sent/MSG1.xml')).toBe('<Document/>');
  });
});
