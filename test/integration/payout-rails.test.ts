import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveKyc } from '#shared/customers/approve-kyc.ts';
import { createCustomer } from '#shared/customers/create-customer.ts';
import { creditBalance } from '#shared/deposits/credit-balance.ts';
import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { answerSandboxFiles } from '#shared/payouts/answer-payment-files.ts';
import { processInbox } from '#shared/payouts/apply-bank-report.ts';
import { batchPayouts, UNWRITABLE_REASON } from '#shared/payouts/batch-payouts.ts';
import { NOT_REACHABLE_INSTANT } from '#shared/payouts/payout-rail.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import { getTransactionOfCustomer } from '#shared/transactions/transaction-repository.ts';
import { createWithdrawal } from '#shared/withdrawals/create-withdrawal.ts';
import type { BankOverrides } from '#test/support/banks/bank-items.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { endToEndIdsOf, everyOutbox, freshChannel } from '#test/support/rails/bank-channel.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';
import { givenBank } from '#test/support/withdrawals/withdrawal-requests.ts';

let deps: Deps;

beforeAll(async () => {
  // The batcher reads the table-wide timer index: a table of its own, so other files' withdrawals stay out.
  deps = await isolatedTableDeps(() => new Date());
});

type Payout = { bank: BankOverrides; instant?: boolean };

/** A customer of `organization` with 1000 USDC and one 10 USDC payout per entry. */
async function givenPayouts(organization: Organization, payouts: Payout[]) {
  const { organizationId } = organization;
  const { customerId } = await createCustomer(deps, {
    organizationId,
    name: 'Ada Lovelace',
    accountType: 'individual',
    email: 'ada@example.com',
  });
  await approveKyc(deps, { organizationId, customerId, verifiedName: 'Ada Lovelace' });
  await creditBalance(deps, { organizationId, customerId, amount: '1000' });
  const references = [];
  for (const [index, payout] of payouts.entries()) {
    const withdrawalBankId = await givenBank(deps, organizationId, customerId, payout.bank);
    const { transaction } = await createWithdrawal(deps, {
      organization,
      customerId,
      withdrawalBankId,
      idempotencyKey: `rail-${index}`,
      sourceAmount: '10',
      instant: payout.instant,
    });
    references.push(transaction);
  }
  const record = async (transactionId: string) => {
    const found = await getTransactionOfCustomer(deps.db, organizationId, customerId, transactionId);
    if (!found) throw new Error(`no transaction ${transactionId}`);
    return toTransaction(found);
  };
  return { payouts: references, record };
}

/** Every file of the outbox by the end-to-end ids it pays. */
async function filesByReference(channel: BankChannel) {
  const byReference = new Map<string, { name: string; body: string }>();
  for (const name of await everyOutbox(channel).list()) {
    const body = (await everyOutbox(channel).read(name)) ?? '';
    for (const reference of endToEndIdsOf(body)) byReference.set(reference ?? '', { name, body });
  }
  return byReference;
}

/** The sandbox bank answers every file due within the minute, and the inbox applies its reports. */
async function settle(channel: BankChannel) {
  await answerSandboxFiles(deps, channel, new Date(Date.now() + 60_000));
  return processInbox(deps, channel);
}

describe('each rail reaches its file and settles through the sandbox bank', () => {
  it('SWIFT, SEPA Instant, a NOIN fallback to SEPA and ACH, from one sandbox organization', async () => {
    const { organization } = await givenOrganization(deps, { environment: 'sandbox' });
    const { payouts, record } = await givenPayouts(organization, [
      { bank: { currency: 'USD', paymentRail: 'SWIFT', bic: 'CHASUS33XXX', routingNumber: null } },
      { bank: { bic: 'COBADEFFXXX' }, instant: true },
      { bank: { bic: 'NOINDEFFXXX' }, instant: true },
      { bank: { currency: 'USD' } },
    ]);
    const [swift, instant, noin, ach] = payouts.map((payout) => payout.reference);
    const channel = freshChannel();

    const run = await batchPayouts(deps, channel);
    const files = await filesByReference(channel);

    expect(run.files).toHaveLength(4);
    const swiftFile = files.get(swift ?? '')?.body.replace(/>\s+</g, '><') ?? '';
    expect(swiftFile).toContain('<CdtrAgt><FinInstnId><BICFI>CHASUS33XXX</BICFI></FinInstnId></CdtrAgt>');
    expect(swiftFile).toContain('<PstlAdr><StrtNm>Friedrichstrasse</StrtNm><BldgNb>123</BldgNb>');
    expect(files.get(instant ?? '')?.body).toContain('<Cd>INST</Cd>');
    expect(files.get(noin ?? '')?.body).not.toContain('INST');
    expect(files.get(ach ?? '')?.name).toMatch(/\.ach$/);
    expect(parseNacha(files.get(ach ?? '')?.body ?? '')[1]?.fields.standardEntryClassCode).toBe('PPD');
    const [swiftTx, instantTx, noinTx, achTx] = await Promise.all(payouts.map((payout) => record(payout.id)));
    expect(instantTx).toMatchObject({
      requestedPaymentRail: 'SEPA_INSTANT',
      settlementRail: 'SEPA_INSTANT',
      railFallbackReason: null,
    });
    expect(noinTx).toMatchObject({
      requestedPaymentRail: 'SEPA_INSTANT',
      settlementRail: 'SEPA',
      railFallbackReason: NOT_REACHABLE_INSTANT,
    });
    expect(swiftTx?.settlementRail).toBe('SWIFT');
    expect(achTx?.settlementRail).toBe('ACH');
    // An instant payout lands within seconds of its filing; a SEPA one a business day or more later.
    const filedAt = Date.now();
    expect(Date.parse(instantTx?.expectedSettlementAt ?? '') - filedAt).toBeLessThan(60_000);
    expect(Date.parse(noinTx?.expectedSettlementAt ?? '') - filedAt).toBeGreaterThan(3_600_000);

    await settle(channel);

    const settled = await Promise.all(payouts.map((payout) => record(payout.id)));
    expect(settled.map((transaction) => transaction.status)).toEqual([
      'COMPLETED',
      'COMPLETED',
      'COMPLETED',
      'COMPLETED',
    ]);
  });

  it('Fedwire, for an organization whose USD payout account pays by Fedwire, with structured addresses', async () => {
    const { organization: created } = await givenOrganization(deps, { environment: 'sandbox' });
    const organization = await updateOrganization(
      deps.db,
      created.organizationId,
      {
        payoutAccounts: {
          USD: {
            currency: 'USD',
            name: 'Acme Payouts Inc',
            accountNumber: '000987654321',
            routingNumber: '026009593',
            domesticRail: 'FEDWIRE',
            address: {
              street: 'Park Avenue',
              buildingNumber: '270',
              postCode: '10017',
              town: 'New York',
              country: 'US',
            },
          },
        },
      },
      new Date(),
    );
    const { payouts, record } = await givenPayouts(organization, [{ bank: { currency: 'USD' } }]);
    const [fedwire] = payouts;
    const channel = freshChannel();

    await batchPayouts(deps, channel);
    const file = (await filesByReference(channel)).get(fedwire?.reference ?? '');

    expect(file?.name).toMatch(/\.xml$/);
    const xml = file?.body.replace(/>\s+</g, '><') ?? '';
    expect(xml).toContain('<SvcLvl><Cd>URGP</Cd></SvcLvl>');
    expect(xml).toContain('<Dbtr><Nm>Acme Payouts Inc</Nm><PstlAdr><StrtNm>Park Avenue</StrtNm><BldgNb>270</BldgNb>');
    expect(xml).toContain(
      '<CdtrAgt><FinInstnId><ClrSysMmbId><ClrSysId><Cd>USABA</Cd></ClrSysId><MmbId>021000021</MmbId>',
    );
    expect(xml).toContain('<Cdtr><Nm>Ada Lovelace</Nm><PstlAdr>');
    expect((await record(fedwire?.id ?? '')).settlementRail).toBe('FEDWIRE');

    await settle(channel);

    expect((await record(fedwire?.id ?? '')).status).toBe('COMPLETED');
  });
});

/** Payouts of every rail, and two no file can carry: a SWIFT bank without a BIC, a US bank without a routing number. */
const KINDS = {
  sepa: { bank: {} },
  instant: { bank: {}, instant: true },
  ach: { bank: { currency: 'USD' } },
  swift: { bank: { currency: 'USD', paymentRail: 'SWIFT', bic: 'CHASUS33XXX', routingNumber: null } },
  swiftWithoutBic: { bank: { currency: 'USD', paymentRail: 'SWIFT', bic: null, routingNumber: null } },
  usWithoutRouting: { bank: { currency: 'USD', routingNumber: null } },
} as const satisfies Record<string, Payout>;
const BAD: readonly string[] = ['swiftWithoutBic', 'usWithoutRouting'];

describe('a batch holding bad payments', () => {
  it('files every good payment of any mix exactly once, and fails each bad one alone', async () => {
    const kinds = fc.constantFrom(...(Object.keys(KINDS) as (keyof typeof KINDS)[]));
    await fc.assert(
      fc.asyncProperty(fc.array(kinds, { minLength: 1, maxLength: 5 }), async (mix) => {
        const { organization } = await givenOrganization(deps, { environment: 'sandbox' });
        const { payouts, record } = await givenPayouts(
          organization,
          mix.map((kind) => KINDS[kind]),
        );
        const channel = freshChannel();

        await batchPayouts(deps, channel);

        const filed = [...(await filesByReference(channel)).keys()].sort();
        const good = payouts.filter((_, index) => !BAD.includes(mix[index] ?? ''));
        expect(filed).toEqual(good.map((payout) => payout.reference).sort());
        for (const [index, payout] of payouts.entries()) {
          if (!BAD.includes(mix[index] ?? '')) continue;
          const failed = await record(payout.id);
          expect(failed.status).toBe('FAILED');
          expect(failed.failureReason).toMatch(new RegExp(`^${UNWRITABLE_REASON}: creditor\\.(bic|routingNumber)`));
        }
      }),
      { numRuns: 4 },
    );
  });
});
