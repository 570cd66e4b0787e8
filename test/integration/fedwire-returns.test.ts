import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { answerSandboxFiles } from '#shared/payouts/answer-payment-files.ts';
import { processInbox, processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { returnTransaction } from '#shared/payouts/return-transaction.ts';
import { writeNachaReturns } from '#shared/rails/bank/ach/nacha-return-writer.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { freshChannel, returnedReport } from '#test/support/rails/bank-channel.ts';
import { eventsOfTransaction, givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * Fedwire returns as the bank reports them (shared/rails/bank/README.md, Returns): since Fedwire's move to ISO 20022
 * a returned wire comes back as a camt.054 credit with return information naming the payout's end-to-end id, from
 * the account the wire was paid from. It fails the COMPLETED payout once, like a SEPA or SWIFT return; a NACHA
 * return naming a wire is a contradiction, since the wire never left in an ACH file.
 */
let deps: Deps;

beforeAll(async () => {
  // The batcher reads the table-wide timer index: a table of its own, so other files' withdrawals stay out.
  deps = await isolatedTableDeps(() => new Date());
});

const FEDWIRE_ACCOUNT = {
  currency: 'USD',
  name: 'Acme Payouts Inc',
  accountNumber: '000987654321',
  routingNumber: '026009593',
  domesticRail: 'FEDWIRE',
  address: { street: 'Park Avenue', buildingNumber: '270', postCode: '10017', town: 'New York', country: 'US' },
} as const;

/** A sandbox organization paying USD by Fedwire, a customer with 1000 USDC and one 10 USDC wire, filed and booked. */
async function givenBookedWire(channel: BankChannel = freshChannel()) {
  const { organization: created } = await givenOrganization(deps, { environment: 'sandbox' });
  const { organizationId } = created;
  const organization = await updateOrganization(
    deps.db,
    organizationId,
    { payoutAccounts: { USD: FEDWIRE_ACCOUNT } },
    new Date(),
  );
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Ada Lovelace',
    accountType: 'individual',
    email: 'ada@example.com',
  });
  await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
  await creditBalance(deps, { organizationId, customerId, amount: '1000' });
  const withdrawalBankId = await givenBank(deps, organizationId, customerId, { currency: 'USD' });
  const { transaction: wire } = await createWithdrawal(deps, {
    organization,
    customerId,
    withdrawalBankId,
    idempotencyKey: 'wire-1',
    sourceAmount: '10',
  });
  await batchPayouts(deps, channel);
  await answerSandboxFiles(deps, channel, new Date(Date.now() + 60_000));
  await processInbox(deps, channel);
  const record = (id: string) => getTransactionOfCustomer(deps.db, organizationId, customerId, id);
  return { organization, wire, channel, record, balance: () => getBalance(deps.db, organizationId, customerId) };
}

async function deliver(channel: BankChannel, name: string, body: string) {
  await channel.writeInbox(name, body);
  return processInboxReport(deps, channel, name);
}

describe('Fedwire returns', () => {
  it('a camt.054 credit with return information from the wire account fails the COMPLETED wire once, USDC back', async () => {
    const { wire, channel, record, balance } = await givenBookedWire();
    const booked = await record(wire.id);
    expect(booked).toMatchObject({ status: 'COMPLETED', settlementRail: 'FEDWIRE' });
    const fromWireAccount = { accountNumber: FEDWIRE_ACCOUNT.accountNumber };

    const first = await deliver(channel, 'wire-returned.xml', returnedReport([wire], 'AC03', fromWireAccount));
    const again = await deliver(channel, 'wire-returned-again.xml', returnedReport([wire], 'AC03', fromWireAccount));

    expect(first).toEqual({ outcome: 'applied', applied: 1, skipped: 0 });
    expect(again).toEqual({ outcome: 'applied', applied: 0, skipped: 1 });
    expect(await record(wire.id)).toMatchObject({
      status: 'FAILED',
      failureReason: 'Returned by the bank after booking, AC03: Creditor account number invalid',
      returnedAt: expect.any(String),
    });
    expect(await balance()).toEqual({ available: 1000_000_000n, locked: 0n });
    const changes = (await eventsOfTransaction(deps, wire.id)).filter(
      (e) => e.event_type === 'withdrawal.status_changed',
    );
    expect(changes.map((e) => [e.data.previous_status, e.data.status])).toEqual([
      ['PROCESSING', 'COMPLETED'],
      ['COMPLETED', 'FAILED'],
    ]);
  });

  it('quarantines a return of the wire from another account, and a NACHA return naming it, applying nothing', async () => {
    const { wire, channel, record, balance } = await givenBookedWire();
    const before = await balance();

    const otherAccount = await deliver(
      channel,
      'other-account.xml',
      returnedReport([wire], 'AC04', { accountNumber: '000123456789' }),
    );
    const asAch = await deliver(
      channel,
      'as-ach.ach',
      writeNachaReturns({
        createdAt: new Date().toISOString(),
        originatingBank: FEDWIRE_ACCOUNT.routingNumber,
        returningBank: '021000021',
        companyName: FEDWIRE_ACCOUNT.name,
        companyId: '1123456789',
        entries: [
          {
            kind: 'return',
            code: 'R03',
            secCode: 'PPD',
            originalTraceNumber: '026009590000001',
            routingNumber: '021000021',
            accountNumber: '000123456789',
            amount: wire.targetAmount,
            identification: wire.reference,
            name: 'Ada Lovelace',
          },
        ],
      }),
    );

    expect(otherAccount).toEqual({
      outcome: 'quarantined',
      error: `Not applied: Contradiction: ${wire.reference} is paid from ${FEDWIRE_ACCOUNT.accountNumber}; the report names 000123456789`,
    });
    expect(asAch).toEqual({
      outcome: 'quarantined',
      error: `Not applied: Contradiction: ${wire.reference} was sent by FEDWIRE, not ACH`,
    });
    expect((await record(wire.id))?.status).toBe('COMPLETED');
    expect(await balance()).toEqual(before);
  });

  it('the sandbox return route sends a Fedwire return as a camt.054 credit through the inbox, once, and takes no R-code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fedwire-sandbox-return-'));
    const routeDeps: Deps = {
      ...deps,
      config: { ...deps.config, bank: { ...deps.config.bank, bucket: undefined, dir } },
    };
    const { organization, wire, balance } = await givenBookedWire();

    // NACHA's R-codes are ACH's: a wire is never returned with one.
    await expect(
      returnTransaction(routeDeps, { organization, transactionId: wire.id, reasonCode: 'R03' }),
    ).rejects.toThrow(/^reasonCode R03 is not a return reason of this payout's rail; use one of: AC01, (?!.*\bR01\b)/);
    const returned = await returnTransaction(routeDeps, { organization, transactionId: wire.id, reasonCode: 'AC04' });

    expect(returned).toMatchObject({
      status: 'FAILED',
      failureReason: 'Returned by the bank after booking, AC04: Account closed',
    });
    const [report] = readdirSync(join(dir, 'processed'));
    expect(report).toMatch(/\.return\.camt054\.xml$/);
    const xml = readFileSync(join(dir, 'processed', report ?? ''), 'utf8').replace(/>\s+</g, '><');
    expect(xml).toContain(`<Acct><Id><Othr><Id>${FEDWIRE_ACCOUNT.accountNumber}</Id></Othr></Id></Acct>`);
    expect(xml).toContain('<CdtDbtInd>CRDT</CdtDbtInd>');
    expect(await balance()).toEqual({ available: 1000_000_000n, locked: 0n });
    await expect(
      returnTransaction(routeDeps, { organization, transactionId: wire.id, reasonCode: 'AC04' }),
    ).rejects.toThrow('Withdrawal is FAILED; it can be returned only while COMPLETED');
  });
});
