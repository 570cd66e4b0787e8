import { beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { processInbox } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts, UNWRITABLE_REASON } from '#shared/payouts/batch-payouts.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import type { BankOverrides } from '#test/support/banks/bank-items.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import {
  bookedReport,
  endToEndIdsOf,
  everyOutbox,
  freshChannel,
  type Reported,
} from '#test/support/rails/bank-channel.ts';
import { eventsOfTransaction, givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

let deps: Deps;

beforeAll(async () => {
  // The batcher reads the table-wide timer index: a table of its own, so other files' withdrawals stay out.
  deps = await isolatedTableDeps(() => new Date());
});

/** A SWIFT bank stored without its BIC (as before registration checked it): no SWIFT file can carry it. */
const SWIFT_BANK: BankOverrides = { currency: 'USD', paymentRail: 'SWIFT', bic: null, routingNumber: null };

/** A sandbox organization's customer with 1000 USDC and one 10 USDC payout to each bank given. */
async function givenPayoutsTo(banks: BankOverrides[]) {
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
  const payouts = [];
  for (const [index, bank] of banks.entries()) {
    const withdrawalBankId = await givenBank(deps, organizationId, customerId, bank);
    const { transaction } = await createWithdrawal(deps, {
      organization,
      customerId,
      withdrawalBankId,
      idempotencyKey: `payout-${index}`,
      sourceAmount: '10',
    });
    payouts.push(transaction);
  }
  return {
    payouts,
    record: (transactionId: string) => getTransactionOfCustomer(deps.db, organizationId, customerId, transactionId),
    balance: () => getBalance(deps.db, organizationId, customerId),
  };
}

async function filedReferences(channel: BankChannel) {
  const files = await everyOutbox(channel).list();
  return (
    await Promise.all(files.map(async (name) => endToEndIdsOf((await everyOutbox(channel).read(name)) ?? '')))
  ).flat();
}

describe('the payout batcher isolates a bad payment', () => {
  it('fails a payout its bank file cannot carry at once and alone, and files the others of the same run', async () => {
    const { payouts, record, balance } = await givenPayoutsTo([{}, SWIFT_BANK, { currency: 'USD' }]);
    const [euro, swift, fedwire] = payouts;
    const channel = freshChannel();

    const first = await batchPayouts(deps, channel);
    const second = await batchPayouts(deps, channel);

    expect((await filedReferences(channel)).sort()).toEqual([euro?.reference, fedwire?.reference].sort());
    expect(first.payments).toBe(2);
    expect(second).toEqual({ files: [], payments: 0, rewritten: 0 });
    const failed = await record(swift?.id ?? '');
    expect(failed?.status).toBe('FAILED');
    expect(failed?.failureReason).toMatch(new RegExp(`^${UNWRITABLE_REASON}: creditor.bic is required`));
    expect(failed?.paymentFileId).toBeUndefined();
    // Its 10 USDC are back; the two filed payouts stay reserved until the bank reports.
    expect(await balance()).toEqual({ available: 980_000_000n, locked: 20_000_000n });
    const events = await eventsOfTransaction(deps, swift?.id ?? '');
    const changes = events.filter((event) => event.event_type === 'withdrawal.status_changed');
    expect(changes.map((event) => event.data.status)).toEqual(['FAILED']);
  });

  it("files every other batch of the run when one batch's file cannot be delivered, then reports the failure", async () => {
    const first = await givenPayoutsTo([{}]);
    const second = await givenPayoutsTo([{}]);
    const channel = freshChannel();
    let writes = 0;
    const downOnce: BankChannel = {
      ...channel,
      writeOutbox: async (scope, name, body) => {
        writes++;
        if (writes === 1) throw new Error('channel down once');
        await channel.writeOutbox(scope, name, body);
      },
    };

    await expect(batchPayouts(deps, downOnce)).rejects.toThrow('channel down once');
    const afterFailure = await filedReferences(channel);
    const recovery = await batchPayouts(deps, channel);

    const references = [first.payouts[0]?.reference, second.payouts[0]?.reference];
    expect(afterFailure).toHaveLength(1);
    expect(references).toContain(afterFailure[0]);
    expect(recovery.rewritten).toBe(1);
    expect((await filedReferences(channel)).sort()).toEqual(references.sort());
  });
});

describe('the bank inbox isolates a bad report', () => {
  /** A report that declares an external entity: a parser that expanded it would read the file. */
  const XXE = `<?xml version="1.0"?>
<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>&xxe;</BkToCstmrDbtCdtNtfctn></Document>`;

  async function givenFiledPayout() {
    const given = await givenPayoutsTo([{}]);
    const channel = freshChannel();
    await batchPayouts(deps, channel);
    const payout = given.payouts[0] as Reported;
    return { ...given, channel, payout, id: given.payouts[0]?.id ?? '' };
  }

  it('quarantines a report with a DOCTYPE before parsing it, and applies the report after it', async () => {
    const { channel, payout, id, record } = await givenFiledPayout();
    await channel.writeInbox('a-entity.xml', XXE);
    await channel.writeInbox('b-booked.xml', bookedReport([payout]));

    const outcomes = await processInbox(deps, channel);

    expect(outcomes['a-entity.xml']).toEqual({
      outcome: 'quarantined',
      error: 'Malformed report: A DOCTYPE is not accepted in a bank report',
    });
    expect(outcomes['b-booked.xml']?.outcome).toBe('applied');
    expect((await record(id))?.status).toBe('COMPLETED');
    expect(await channel.listQuarantine()).toEqual(['a-entity.xml']);
    expect(await channel.listInbox()).toEqual([]);
  });

  it('applies every other report when one cannot be read, keeps that one in the inbox, then reports the failure', async () => {
    const { channel, payout, id, record } = await givenFiledPayout();
    await channel.writeInbox('a-unreadable.xml', bookedReport([payout]));
    await channel.writeInbox('b-booked.xml', bookedReport([payout]));
    const flaky: BankChannel = {
      ...channel,
      readInbox: async (name, maxBytes) => {
        if (name === 'a-unreadable.xml') throw new Error('inbox read failed');
        return channel.readInbox(name, maxBytes);
      },
    };

    await expect(processInbox(deps, flaky)).rejects.toThrow('inbox read failed');

    expect((await record(id))?.status).toBe('COMPLETED');
    expect(await channel.listInbox()).toEqual(['a-unreadable.xml']);
  });
});
