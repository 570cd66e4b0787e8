import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { answerSandboxFiles } from '#shared/payouts/answer-payment-files.ts';
import { processInbox } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { completeTransaction } from '#shared/payouts/complete-transaction.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import type { BankOverrides } from '#test/support/banks/bank-items.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { everyOutbox, freshChannel } from '#test/support/rails/bank-channel.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * The sandbox bank books a payout as its rail's calendar says: on the date its file asks the debit for (a pain.001's
 * requested execution date, an ACH batch's effective entry date), never before it, on a business day of the rail,
 * though it answers within SANDBOX_SETTLE_AFTER_S whatever the day. The clock is set: Sunday 29 November 2026.
 */
let deps: Deps;
let now = new Date();
const SUNDAY = '2026-11-29T10:00:00.000Z';
const MONDAY = '2026-11-30';

beforeAll(async () => {
  // The batcher and the sandbox bank read the table-wide timer index: a table of their own.
  deps = await isolatedTableDeps(() => now);
});

async function givenPayout(organization: Organization, bank: BankOverrides = {}) {
  const { organizationId } = organization;
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Ada Lovelace',
    accountType: 'individual',
    email: 'ada@example.com',
  });
  await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
  await creditBalance(deps, { organizationId, customerId, amount: '100' });
  const withdrawalBankId = await givenBank(deps, organizationId, customerId, bank);
  const { transaction } = await createWithdrawal(deps, {
    organization,
    customerId,
    withdrawalBankId,
    idempotencyKey: 'calendar',
    sourceAmount: '10',
  });
  const record = async () => {
    const found = await getTransactionOfCustomer(deps.db, organizationId, customerId, transaction.id);
    if (!found) throw new Error(`no transaction ${transaction.id}`);
    return found;
  };
  return { transactionId: transaction.id, record };
}

const xml = new XMLParser({ parseTagValue: false, removeNSPrefix: true });

/** The sandbox bank's camt.054 debit (in the sandbox organization's inbox): its booking and value dates. */
async function bookedEntry(channel: BankChannel) {
  const [scope] = await channel.listInboxScopes();
  expect(scope?.environment).toBe('sandbox');
  const [name] = (await channel.listInbox(scope)).filter((file) => file.endsWith('.camt054.xml'));
  const read = await channel.readInbox(name ?? '', 1_000_000, scope);
  if (read.state !== 'report') throw new Error(`no camt.054 in the inbox (${read.state})`);
  const entry = xml.parse(Buffer.from(read.body).toString('utf8')).Document.BkToCstmrDbtCdtNtfctn.Ntfctn.Ntry;
  return { bookedAt: String(entry.BookgDt.DtTm), valueDate: String(entry.ValDt.Dt) };
}

/** Files what is due now, and lets the sandbox bank answer a minute later. */
async function fileAndAnswer(channel: BankChannel) {
  await batchPayouts(deps, channel);
  const [file] = await everyOutbox(channel).list();
  const filed = (await everyOutbox(channel).read(file ?? '')) ?? '';
  now = new Date(now.getTime() + 60_000);
  expect(await answerSandboxFiles(deps, channel, now)).toEqual({ answered: 1 });
  return filed;
}

describe('the sandbox bank books on the rail’s calendar', () => {
  it('books a SEPA payout filed on Sunday on Monday, the execution date its file asks for', async () => {
    now = new Date(SUNDAY);
    const { organization } = await givenOrganization(deps, { environment: 'sandbox' });
    const payout = await givenPayout(organization);
    const channel = freshChannel();

    const filed = await fileAndAnswer(channel);
    const entry = await bookedEntry(channel);
    await processInbox(deps, channel);

    expect(filed.replace(/>\s+</g, '><')).toContain(`<ReqdExctnDt><Dt>${MONDAY}</Dt></ReqdExctnDt>`);
    expect(entry).toEqual({ bookedAt: `${MONDAY}T00:00:00.000Z`, valueDate: MONDAY });
    const settled = await payout.record();
    expect(settled).toMatchObject({ status: 'COMPLETED', completedAt: `${MONDAY}T00:00:00.000Z` });
    // Booked on the debtor's account Monday; on the payee's, as expected, Tuesday by noon in Berlin.
    expect(settled.expectedSettlementAt).toBe('2026-12-01T11:00:00.000Z');
  });

  it('books at the moment it answers on a business day before the cut-off', async () => {
    now = new Date('2026-12-01T09:00:00.000Z');
    const { organization } = await givenOrganization(deps, { environment: 'sandbox' });
    const payout = await givenPayout(organization);
    const channel = freshChannel();

    await fileAndAnswer(channel);
    const entry = await bookedEntry(channel);
    await processInbox(deps, channel);

    expect(entry).toEqual({ bookedAt: now.toISOString(), valueDate: '2026-12-01' });
    expect((await payout.record()).completedAt).toBe(now.toISOString());
  });

  it('books an ACH batch on its effective entry date, the business day after a next-day file', async () => {
    // Monday 30 November, 10:00 in New York: executes Monday, effective (and settled) Tuesday.
    now = new Date('2026-11-30T15:00:00.000Z');
    const { organization: created } = await givenOrganization(deps, { environment: 'sandbox' });
    const organization = await updateOrganization(
      deps.db,
      created.organizationId,
      {
        payoutAccounts: {
          USD: {
            currency: 'USD',
            name: 'Fintech Inc',
            accountNumber: '000123456789',
            routingNumber: '021000021',
            domesticRail: 'ACH',
            achCompanyId: '1123456789',
            achSameDay: false,
          },
        },
      },
      now,
    );
    const payout = await givenPayout(organization, { currency: 'USD' });
    const channel = freshChannel();

    await fileAndAnswer(channel);
    const entry = await bookedEntry(channel);
    await processInbox(deps, channel);

    // New York's Tuesday begins at 05:00 UTC.
    expect(entry).toEqual({ bookedAt: '2026-12-01T05:00:00.000Z', valueDate: '2026-12-01' });
    expect(await payout.record()).toMatchObject({ status: 'COMPLETED', settlementRail: 'ACH' });
  });

  it('dates the sandbox complete route’s booking the same way', async () => {
    now = new Date(SUNDAY);
    const { organization } = await givenOrganization(deps, { environment: 'sandbox' });
    const payout = await givenPayout(organization);

    const completed = await completeTransaction(deps, { organization, transactionId: payout.transactionId });

    expect(completed.status).toBe('COMPLETED');
    expect((await payout.record()).completedAt).toBe(`${MONDAY}T00:00:00.000Z`);
  });
});
