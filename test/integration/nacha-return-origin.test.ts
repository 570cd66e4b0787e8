import { beforeAll, describe, expect, it } from 'vitest';
import { getBankOfCustomer } from '#shared/banks/repository.ts';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { answerSandboxFiles } from '#shared/payouts/answer-payment-files.ts';
import { processInbox, processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts } from '#shared/payouts/batch-payouts.ts';
import { type ReturnedEntry, writeNachaReturns } from '#shared/rails/bank/ach/nacha-return-writer.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import { SANDBOX_DEBTORS, type UsdAccount } from '#shared/rails/bank/payment-file.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { everyOutbox, freshChannel } from '#test/support/rails/bank-channel.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

/**
 * A NACHA return or notification of change answers one ACH entry: the one its payout's own file sent
 * (shared/rails/bank/README.md, Returns). One inbox serves every organization, so a file naming a payout by its
 * reference alone (the entry's identification) could fail another organization's payout and pay its customer back
 * twice. It applies only with the trace number the service issued for that payout, from that file's originating bank
 * (the file's immediate origin, the entry's receiving bank) to that file's originator (the immediate destination, the
 * batch's company id); anything else is quarantined with the reason, nothing of it applied.
 */
let deps: Deps;

beforeAll(async () => {
  // The batcher reads the table-wide timer index: a table of its own, so other files' withdrawals stay out.
  deps = await isolatedTableDeps(() => new Date());
});

/** Organization D's origination: its own bank (ODFI 011000015) and company id, not the sandbox's. */
const D_ACCOUNT: UsdAccount = {
  ...SANDBOX_DEBTORS.USD,
  name: 'Delta Payouts Inc',
  accountNumber: '000555000555',
  routingNumber: '011000015',
  achCompanyId: '9876543210',
};
/** Organization A: the sandbox's placeholder account (`SANDBOX_IDENTIFIERS`' routing number and company id). */
const A_ACCOUNT = SANDBOX_DEBTORS.USD;

/** An organization paying USD by ACH from `account`, with two 10 USDC payouts of one customer filed and booked. */
async function givenBookedAchPayouts(account: UsdAccount) {
  const { organization: created } = await givenOrganization(deps, { environment: 'sandbox' });
  const { organizationId } = created;
  const organization = await updateOrganization(
    deps.db,
    organizationId,
    { payoutAccounts: { USD: account } },
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
  const bankId = await givenBank(deps, organizationId, customerId, { currency: 'USD' });
  const payouts = [];
  for (const key of ['first', 'second']) {
    const { transaction } = await createWithdrawal(deps, {
      organization,
      customerId,
      withdrawalBankId: bankId,
      idempotencyKey: key,
      sourceAmount: '10',
    });
    payouts.push(transaction);
  }
  const channel = freshChannel();
  await batchPayouts(deps, channel);
  const [fileName] = await everyOutbox(channel).list();
  const sent = parseNacha((await everyOutbox(channel).read(fileName ?? '')) ?? '');
  await answerSandboxFiles(deps, channel, new Date(Date.now() + 60_000));
  await processInbox(deps, channel);
  const [payout, other] = payouts as [(typeof payouts)[0], (typeof payouts)[0]];
  /** The entry the file sent for a payout, as a return or a notification of change names it. */
  const original = (reference: string) => {
    const entry = sent.find((r) => r.fields.individualIdentificationNumber?.trim() === reference)?.fields;
    return {
      originalTraceNumber: entry?.traceNumber ?? '',
      routingNumber: `${entry?.receivingDfi}${entry?.checkDigit}`,
      accountNumber: entry?.dfiAccountNumber?.trim() ?? '',
      identification: reference,
      name: entry?.individualName?.trim() ?? '',
    };
  };
  return {
    payout,
    other,
    channel,
    original,
    status: async () => (await getTransactionOfCustomer(deps.db, organizationId, customerId, payout.id))?.status,
    balance: () => getBalance(deps.db, organizationId, customerId),
    notificationOfChange: async () =>
      (await getBankOfCustomer(deps.db, organizationId, customerId, bankId))?.notificationOfChange,
  };
}

type Payouts = Awaited<ReturnType<typeof givenBookedAchPayouts>>;
type Kind = ReturnedEntry['kind'];

/** The entry answering `payout` as a return (R03) or a notification of change (C01), with `traceNumber`. */
function answer(kind: Kind, payouts: Payouts, traceNumber?: string): ReturnedEntry {
  const { payout, original } = payouts;
  const entry = { ...original(payout.reference), ...(traceNumber ? { originalTraceNumber: traceNumber } : {}) };
  return kind === 'return'
    ? { kind, code: 'R03', secCode: 'PPD', amount: payout.targetAmount, ...entry }
    : { kind, code: 'C01', correctedData: '000987654321', amount: '0.00', ...entry };
}

/** The file `account`'s bank passes on to its originator (the header turned around: from the bank, to the company). */
const fileFrom = (account: UsdAccount, entries: ReturnedEntry[]) =>
  writeNachaReturns({
    createdAt: new Date().toISOString(),
    originatingBank: account.routingNumber,
    returningBank: entries[0]?.routingNumber ?? '',
    companyName: account.name,
    companyId: account.achCompanyId ?? '',
    entries,
  });

/** 1-based positions `from`-`to` of the first record of `type` set to `value`, the entry hashes added up again. */
function withField(file: string, type: string, from: number, to: number, value: string) {
  const lines = file.split('\n');
  const at = lines.findIndex((line) => line.startsWith(type));
  const line = lines[at] ?? '';
  lines[at] = `${line.slice(0, from - 1)}${value.padEnd(to - from + 1)}${line.slice(to)}`;
  const hash = lines.filter((l) => l.startsWith('6')).reduce((sum, l) => sum + BigInt(l.slice(3, 11)), 0n);
  const hashText = (hash % 10_000_000_000n).toString().padStart(10, '0');
  const batchControl = lines.findIndex((l) => l.startsWith('8'));
  const fileControl = lines.findIndex((l) => l.startsWith('9'));
  const put = (index: number, start: number) => {
    const l = lines[index] ?? '';
    lines[index] = `${l.slice(0, start)}${hashText}${l.slice(start + 10)}`;
  };
  put(batchControl, 10);
  put(fileControl, 21);
  return lines.join('\n');
}

async function deliver(channel: BankChannel, name: string, body: string) {
  await channel.writeInbox(name, body);
  return processInboxReport(deps, channel, name);
}

describe.each(['return', 'notificationOfChange'] as const)(
  'a NACHA %s answers only its payout’s own ACH entry',
  (kind) => {
    let d: Payouts;
    let a: Payouts;
    let good: string;
    let before: Awaited<ReturnType<Payouts['balance']>>;

    beforeAll(async () => {
      d = await givenBookedAchPayouts(D_ACCOUNT);
      a = await givenBookedAchPayouts(A_ACCOUNT);
      good = fileFrom(D_ACCOUNT, [answer(kind, d)]);
      before = await d.balance();
    });

    const mismatches: [string, () => string, () => string][] = [
      [
        'an original trace number the service never issued',
        () => fileFrom(D_ACCOUNT, [answer(kind, d, '011000019999998')]),
        () =>
          `was sent with trace number ${d.original(d.payout.reference).originalTraceNumber}; the ACH entry names 011000019999998`,
      ],
      [
        'the trace number issued for another payout of the same file',
        () => fileFrom(D_ACCOUNT, [answer(kind, d, d.original(d.other.reference).originalTraceNumber)]),
        () =>
          `was sent with trace number ${d.original(d.payout.reference).originalTraceNumber}; the ACH entry names ${d.original(d.other.reference).originalTraceNumber}`,
      ],
      [
        'another immediate origin (a file from A’s bank)',
        () => withField(good, '1', 14, 23, ' 021000021'),
        () => 'was sent to 011000015; the ACH file comes from 021000021',
      ],
      [
        'another immediate destination (a file addressed to A)',
        () => withField(good, '1', 4, 13, '1123456789'),
        () => 'was sent from 9876543210; the ACH file is addressed to 1123456789',
      ],
      [
        'another company id in the batch',
        () => withField(good, '5', 41, 50, '1123456789'),
        () => 'was sent by company 9876543210; the ACH batch names 1123456789',
      ],
      [
        'another originating bank (the entry returned to A’s)',
        () => withField(good, '6', 4, 12, '021000021'),
        () => 'was sent by originating bank 01100001; the ACH entry goes to 02100002',
      ],
      [
        'A’s whole origination naming D’s payout with its own trace number',
        () => fileFrom(A_ACCOUNT, [answer(kind, d)]),
        () => `was sent by originating bank 01100001; the ACH entry goes to ${A_ACCOUNT.routingNumber.slice(0, 8)}`,
      ],
    ];

    it.each(mismatches)('quarantines %s, applying nothing', async (_, file, reason) => {
      const outcome = await deliver(d.channel, 'mismatch.ach', file());

      expect(outcome).toEqual({
        outcome: 'quarantined',
        error: `Not applied: Contradiction: ${d.payout.reference} ${reason()}`,
      });
      expect(await d.status()).toBe('COMPLETED');
      expect(await d.balance()).toEqual(before);
      expect(await d.notificationOfChange()).toBeUndefined();
    });

    it('applies the entry its payout’s own file sent, once; and A’s own file to A’s payout', async () => {
      const first = await deliver(d.channel, 'good.ach', good);
      const again = await deliver(d.channel, 'good-again.ach', good);
      const own = await deliver(a.channel, 'own.ach', fileFrom(A_ACCOUNT, [answer(kind, a)]));

      expect(first).toEqual({ outcome: 'applied', applied: 1, skipped: 0 });
      expect(again).toEqual({ outcome: 'applied', applied: 0, skipped: 1 });
      expect(own).toEqual({ outcome: 'applied', applied: 1, skipped: 0 });
      const trace = d.original(d.payout.reference).originalTraceNumber;
      if (kind === 'return') {
        expect(await d.status()).toBe('FAILED');
        expect(await d.balance()).toEqual({ ...before, available: before.available + 10_000_000n });
        expect(await a.status()).toBe('FAILED');
      } else {
        expect(await d.status()).toBe('COMPLETED');
        expect(await d.balance()).toEqual(before);
        expect(await d.notificationOfChange()).toMatchObject({ code: 'C01', originalTraceNumber: trace });
        expect(await a.notificationOfChange()).toMatchObject({ code: 'C01' });
      }
    });
  },
);
