import { beforeAll, describe, expect, it } from 'vitest';
import { getBooking, listSuspense } from '#shared/bank-credits/booking-repository.ts';
import { bookingIdOf } from '#shared/bank-credits/credits-of-report.ts';
import { bookingReference } from '#shared/bank-credits/deposit-of-credit.ts';
import { PLATFORM_QUEUE } from '#shared/bank-credits/records.ts';
import { assignAsOperator, sendBackAsOperator } from '#shared/console/approvals/bank-credits-as-operator.ts';
import { bankCreditsAssign } from '#shared/console/approvals/bank-credits-assign.ts';
import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { listAuditEntries } from '#shared/console/common/repository.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { sandboxPayIn } from '#shared/deposits/sandbox-pay-in.ts';
import type { Deps } from '#shared/deps.ts';
import { getBalance } from '#shared/ledger/balance-repository.ts';
import { toMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { applyBankReport, processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { quoteDeposit } from '#shared/quotes/quote-deposit.ts';
import { bankReference, credit, creditReport, givenPayingCustomer } from '#test/support/bank-credits/credits.ts';
import { integrationDeps } from '#test/support/deps.ts';
import { freshChannel } from '#test/support/rails/bank-channel.ts';

/**
 * Money paid in by bank transfer (shared/bank-credits/README.md): a booked credit quoting a customer's deposit
 * reference becomes one DEPOSIT of the quoted USDC however often it is reported; what names nobody waits in suspense
 * until assigned or sent back; a reversal takes the USDC back.
 */
let deps: Deps;
beforeAll(() => {
  deps = integrationDeps();
});

const spaced = (reference: string) => `${reference.slice(0, 4)} ${reference.slice(4, 7)} ${reference.slice(7)}`;
const eurAccount = () => ({ iban: deps.config.deposits.eurAccount.iban });
const platformOutbox = (environment: 'sandbox' | 'live') => ({ environment, organizationId: PLATFORM_QUEUE });

describe('a credit quoting a deposit reference', () => {
  it('makes one DEPOSIT of the quoted USDC, however many reports repeat it', async () => {
    const customer = await givenPayingCustomer(deps);
    const entry = credit({ remittance: [`Deposit ${spaced(customer.reference).toLowerCase()}`] });

    const first = await applyBankReport(deps, creditReport(deps, [entry]));
    const again = await applyBankReport(deps, creditReport(deps, [entry]));
    const statement = await applyBankReport(deps, creditReport(deps, [entry], { statement: true }));

    const quote = quoteDeposit({
      payoutRate: deps.config.withdrawals.exchangeRates.EUR,
      developerSpreadFeeBps: 0,
      sourceAmount: '100.00',
    });
    const deposits = await customer.deposits();
    expect(quote.targetAmount).toBe('108.695652');
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({
      type: 'DEPOSIT',
      status: 'COMPLETED',
      sourceCurrency: 'EUR',
      sourceAmount: '100.00',
      targetCurrency: 'USDC',
      targetAmount: '108.695652',
      exchangeRate: '1.08695652',
      depositInstructions: { accountType: 'sharedAccount', reference: customer.reference },
    });
    expect((await getBalance(deps.db, customer.organizationId, customer.customerId)).available).toBe(108_695_652n);
    expect([first.applied, again.applied, statement.applied]).toEqual([1, 0, 0]);
    expect([again.skipped, statement.skipped]).toEqual([1, 1]);
    const booking = await getBooking(deps.db, bookingIdOf(eurAccount(), entry.bankReference));
    expect(booking).toMatchObject({ status: 'CREDITED', transactionId: deposits[0]?.transactionId, onward: null });
    // The deposit's reference is the booking's, guarded by the booking's item: no reference item of its own.
    const reference = bookingReference(booking?.bookingId ?? '');
    expect(deposits[0]?.reference).toBe(reference);
    expect(await readItem(deps.db, keys.transactionReference(reference), (item) => item)).toBeUndefined();
  });

  it('finds the reference behind a prefix, split over two lines, or in the structured creditor reference', async () => {
    const customer = await givenPayingCustomer(deps);
    const ref = customer.reference;

    await applyBankReport(
      deps,
      creditReport(deps, [
        credit({ amount: '1.00', remittance: [`RF18${ref}`] }),
        credit({ amount: '2.00', remittance: [`INVOICE 12 ${ref.slice(0, 6)}`, `${ref.slice(6)} THANKS`] }),
        credit({ amount: '3.00', structuredReference: ref }),
      ]),
    );

    expect((await customer.deposits()).map((deposit) => deposit.sourceAmount).sort()).toEqual(['1.00', '2.00', '3.00']);
  });
});

describe('a statement of many credits', () => {
  /** `deps` whose table client counts the transactions it sends. */
  const counting = () => {
    const sent = { transactions: 0 };
    const client = new Proxy(deps.db.client, {
      get(target, property, receiver) {
        if (property !== 'send') return Reflect.get(target, property, receiver);
        return (command: { constructor: { name: string } }, ...rest: unknown[]) => {
          if (command.constructor.name === 'TransactWriteCommand') sent.transactions++;
          return (target.send as (...args: unknown[]) => unknown).call(target, command, ...rest);
        };
      },
    });
    return { deps: { ...deps, db: { ...deps.db, client } }, sent };
  };

  it('writes its credits many to a transaction, each booking once, with two readers at once', async () => {
    const customers = await Promise.all([
      givenPayingCustomer(deps),
      givenPayingCustomer(deps),
      givenPayingCustomer(deps),
    ]);
    const entries = customers.flatMap((customer) =>
      Array.from({ length: 25 }, (_, n) => credit({ amount: `${n + 1}.00`, remittance: [spaced(customer.reference)] })),
    );
    // The bank listed one booking twice: it is one booking.
    const statement = creditReport(deps, [...entries, entries[0] ?? credit()], { statement: true });
    const reader = counting();

    const outcomes = await Promise.all([applyBankReport(reader.deps, statement), applyBankReport(deps, statement)]);

    expect(outcomes.reduce((sum, outcome) => sum + outcome.applied, 0)).toBe(75);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.skipped, 0)).toBe(77);
    // 75 credits of 5 items each (booking, transaction, pointer, reference, event), a balance credit per customer
    // and pack: 4 packs of at most 100 items, a few more when the other reader wins some.
    expect(reader.sent.transactions).toBeLessThanOrEqual(12);
    const rate = deps.config.withdrawals.exchangeRates.EUR;
    const bought = Array.from({ length: 25 }, (_, n) =>
      toMicro(quoteDeposit({ payoutRate: rate, developerSpreadFeeBps: 0, sourceAmount: `${n + 1}.00` }).targetAmount),
    ).reduce((sum, amount) => sum + amount, 0n);
    for (const customer of customers) {
      const deposits = await customer.deposits();
      expect(deposits.map((deposit) => deposit.sourceAmount).sort()).toEqual(
        entries
          .slice(0, 25)
          .map((entry) => entry.amount)
          .sort(),
      );
      expect((await getBalance(deps.db, customer.organizationId, customer.customerId)).available).toBe(bought);
    }
  });
});

describe('the suspense queue', () => {
  it('holds a credit with an unknown reference for the operator, who assigns it, audited', async () => {
    const customer = await givenPayingCustomer(deps);
    const entry = credit({ remittance: ['ZZZZ9999ZZ'] });
    await applyBankReport(deps, creditReport(deps, [entry]));
    const bookingId = bookingIdOf(eurAccount(), entry.bankReference);

    const queued = await listSuspense(deps.db, PLATFORM_QUEUE, { limit: 200 });
    const assigned = await assignAsOperator(deps, {
      bookingId,
      organizationId: customer.organizationId,
      customerId: customer.customerId,
      operator: 'ops@example.com',
      reason: 'Payer confirmed by phone',
    });

    expect(queued.items.find((item) => item.bookingId === bookingId)).toMatchObject({
      status: 'SUSPENSE',
      reason: 'Unknown deposit reference: "ZZZZ9999ZZ"',
    });
    expect(assigned).toMatchObject({ type: 'DEPOSIT', sourceAmount: '100.00', targetAmount: '108.695652' });
    expect(await getBooking(deps.db, bookingId)).toMatchObject({
      status: 'ASSIGNED',
      resolution: { by: 'operator:ops@example.com', reason: 'Payer confirmed by phone' },
    });
    const audit = await listAuditEntries(deps.db, customer.organizationId, { limit: 10 });
    expect(audit.map((e) => [e.action, e.target, e.details.reason])).toContainEqual([
      'bank_credit.assigned_by_operator',
      bookingId,
      'Payer confirmed by phone',
    ]);
    expect((await listSuspense(deps.db, PLATFORM_QUEUE, { limit: 200 })).items.map((i) => i.bookingId)).not.toContain(
      bookingId,
    );
    await expect(
      assignAsOperator(deps, { bookingId, ...customer, operator: 'ops@example.com', reason: 'again' }),
    ).rejects.toThrow('The bank credit is ASSIGNED');
  });

  it('sends a credit with an unknown reference back to the payer in a SEPA file from the receiving account', async () => {
    const entry = credit({ remittance: ['no reference at all'] });
    await applyBankReport(deps, creditReport(deps, [entry]));
    const bookingId = bookingIdOf(eurAccount(), entry.bankReference);
    const channel = freshChannel();

    const sent = await sendBackAsOperator(deps, channel, { bookingId, operator: 'ops@example.com', reason: 'Unknown' });

    // It named nobody: the live platform's outbox.
    const [file] = await channel.listOutbox(platformOutbox('live'));
    const xml = (await channel.readOutbox(platformOutbox('live'), file ?? '')) ?? '';
    expect(sent).toMatchObject({ status: 'SENT_BACK', sentBackAs: `SB-${bookingId}`.slice(0, 35) });
    expect(xml).toContain('<IBAN>FR1420041010050500013M02606</IBAN>');
    expect(xml).toContain(`<IBAN>${eurAccount().iban}</IBAN>`);
    expect(xml).toContain('<InstdAmt Ccy="EUR">100.00</InstdAmt>');
    expect(xml).toContain(`<EndToEndId>${sent.sentBackAs}</EndToEndId>`);
  });

  it("sends a credit of a sandbox organization's queue back from the sandbox platform's outbox, not the organization's", async () => {
    const customer = await givenPayingCustomer(deps);
    const payer = { name: 'John Smith', account: { iban: 'FR1420041010050500013M02606' } };
    const entry = credit({ remittance: [customer.reference], payer });
    await applyBankReport(deps, creditReport(deps, [entry]));
    const bookingId = bookingIdOf(eurAccount(), entry.bankReference);
    const channel = freshChannel();

    const sent = await sendBackAsOperator(deps, channel, { bookingId, operator: 'ops@example.com', reason: 'Payer' });

    const organizationOutbox = { environment: 'sandbox' as const, organizationId: customer.organizationId };
    expect(sent.status).toBe('SENT_BACK');
    expect(await channel.listOutbox(platformOutbox('sandbox'))).toEqual([`SB${bookingId}.xml`]);
    expect(await channel.listOutbox(organizationOutbox)).toEqual([]);
    expect(await channel.listOutbox(platformOutbox('live'))).toEqual([]);
    const audit = await listAuditEntries(deps.db, customer.organizationId, { limit: 10 });
    expect(audit.map((e) => [e.action, e.target, e.details.reason])).toContainEqual([
      'bank_credit.sent_back_by_operator',
      bookingId,
      'Payer',
    ]);
  });

  it("is decided in the console by a member of the customer's organization, audited", async () => {
    const customer = await givenPayingCustomer(deps);
    const entry = credit({ remittance: [customer.reference], payer: { name: 'John Smith' } });
    await applyBankReport(deps, creditReport(deps, [entry]));
    const bookingId = bookingIdOf(eurAccount(), entry.bankReference);
    const actor: ConsoleActor = {
      organization: customer.organization as Organization,
      member: {
        memberId: crypto.randomUUID(),
        organizationId: customer.organizationId,
        email: 'approver@example.com',
        name: 'Ann Approver',
        role: 'approver',
        status: 'ACTIVE',
        sessionEpoch: 0,
        invitedBy: 'owner@example.com',
        createdAt: new Date().toISOString(),
      },
      sessionTokenHash: 'session',
      sourceAddress: '203.0.113.7',
    };

    const assigned = await bankCreditsAssign(deps, actor, {
      bookingId,
      customerId: customer.customerId,
      reason: 'John Smith is her husband, confirmed by phone',
    });

    expect(assigned).toMatchObject({ type: 'DEPOSIT', sourceAmount: '100.00', targetAmount: '108.695652' });
    expect(await getBooking(deps.db, bookingId)).toMatchObject({
      status: 'ASSIGNED',
      resolution: { by: 'member:approver@example.com', reason: 'John Smith is her husband, confirmed by phone' },
    });
    const audit = await listAuditEntries(deps.db, customer.organizationId, { limit: 10 });
    expect(audit.map((e) => [e.action, e.target, e.actor.email, e.sourceAddress])).toContainEqual([
      'bank_credit.assigned',
      bookingId,
      'approver@example.com',
      '203.0.113.7',
    ]);
    expect((await listSuspense(deps.db, customer.organizationId, { limit: 10 })).items).toEqual([]);
  });

  it("waits in the customer's organization's queue when the payer is not the customer", async () => {
    const customer = await givenPayingCustomer(deps);
    const entry = credit({ remittance: [customer.reference], payer: { name: 'John Smith' } });

    await applyBankReport(deps, creditReport(deps, [entry]));

    expect(await customer.deposits()).toEqual([]);
    const queued = await listSuspense(deps.db, customer.organizationId, { limit: 10 });
    expect(queued.items).toMatchObject([
      { status: 'SUSPENSE', customerId: customer.customerId, reason: 'The payer "John Smith" is not the customer' },
    ]);
  });
});

describe('bad input', () => {
  it('quarantines a report with a negative or a non-decimal credit, crediting nothing', async () => {
    const customer = await givenPayingCustomer(deps);
    const channel = freshChannel();
    const bad = (amountText: string) => creditReport(deps, [credit({ remittance: [customer.reference], amountText })]);
    await channel.writeInbox('negative.xml', bad('-100.00'));
    await channel.writeInbox('comma.xml', bad('100,00'));

    const negative = await processInboxReport(deps, channel, 'negative.xml');
    const comma = await processInboxReport(deps, channel, 'comma.xml');

    expect(negative).toEqual({ outcome: 'quarantined', error: 'Malformed report: Ntry/Amt -100.00 is not an amount' });
    expect(comma).toEqual({ outcome: 'quarantined', error: 'Malformed report: Ntry/Amt 100,00 is not an amount' });
    expect(await customer.deposits()).toEqual([]);
  });

  it('holds a credit in a currency the account does not take in suspense, with the reason', async () => {
    const customer = await givenPayingCustomer(deps);

    await applyBankReport(deps, creditReport(deps, [credit({ currency: 'USD', remittance: [customer.reference] })]));

    expect(await customer.deposits()).toEqual([]);
    expect((await listSuspense(deps.db, customer.organizationId, { limit: 10 })).items).toMatchObject([
      { currency: 'USD', reason: 'The account takes EUR; the credit is in USD' },
    ]);
  });

  it('quarantines a credit without a bank reference: it could not be applied once', async () => {
    const channel = freshChannel();
    const xml = creditReport(deps, [credit({ remittance: ['x'] })])
      .replace(/<NtryRef>[^<]*<\/NtryRef>/, '')
      .replace(/<AcctSvcrRef>[^<]*<\/AcctSvcrRef>/g, '');
    await channel.writeInbox('unreferenced.xml', xml);

    expect(await processInboxReport(deps, channel, 'unreferenced.xml')).toEqual({
      outcome: 'quarantined',
      error:
        'Malformed report: A credit of 100.00 EUR has no bank reference (AcctSvcrRef, NtryRef): it cannot be applied once',
    });
  });
});

describe('a reversal of a credit', () => {
  it('takes the USDC back once, the deposit FAILED', async () => {
    const customer = await givenPayingCustomer(deps);
    const entry = credit({ remittance: [customer.reference] });
    await applyBankReport(deps, creditReport(deps, [entry]));
    const reversal = { ...entry, reversal: true };

    await applyBankReport(deps, creditReport(deps, [reversal]));
    const again = await applyBankReport(deps, creditReport(deps, [reversal]));

    const [deposit] = await customer.deposits();
    expect(deposit).toMatchObject({ status: 'FAILED', failureReason: 'Reversed by the bank after booking' });
    expect((await getBalance(deps.db, customer.organizationId, customer.customerId)).available).toBe(0n);
    expect(again).toEqual({ applied: 0, skipped: 1 });
  });

  it('records a reversal that came first, so its credit is never applied', async () => {
    const customer = await givenPayingCustomer(deps);
    const entry = credit({ remittance: [customer.reference], bankReference: bankReference() });

    await applyBankReport(deps, creditReport(deps, [{ ...entry, reversal: true }]));
    await applyBankReport(deps, creditReport(deps, [entry]));

    expect(await customer.deposits()).toEqual([]);
  });

  it('quarantines a reversal of another amount than its credit', async () => {
    const customer = await givenPayingCustomer(deps);
    const entry = credit({ remittance: [customer.reference] });
    await applyBankReport(deps, creditReport(deps, [entry]));

    await expect(
      applyBankReport(deps, creditReport(deps, [{ ...entry, amount: '90.00', reversal: true }])),
    ).rejects.toThrow(`Contradiction: the reversal of ${entry.bankReference} is 90.00 EUR; the credit was 100.00 EUR`);
  });
});

describe('the sandbox pay-in', () => {
  it('books the transfer through the bank channel: a DEPOSIT for a reference of its own customer, else suspense', async () => {
    const customer = await givenPayingCustomer(deps);
    const other = await givenPayingCustomer(deps);

    const paid = await sandboxPayIn(deps, customer.organization, {
      currency: 'EUR',
      amount: '100.00',
      reference: `deposit ${spaced(customer.reference).toLowerCase()}`,
      payerName: 'Jane Doe',
    });
    const unknown = await sandboxPayIn(deps, customer.organization, {
      currency: 'EUR',
      amount: '5.00',
      reference: 'INVOICE 2026 11',
    });

    expect(paid).toMatchObject({
      status: 'CREDITED',
      transaction: { type: 'DEPOSIT', sourceCurrency: 'EUR', targetAmount: '108.695652' },
    });
    expect(unknown).toMatchObject({ status: 'SUSPENSE', reason: 'Unknown deposit reference: "INVOICE 2026 11"' });
    await expect(
      sandboxPayIn(deps, customer.organization, { currency: 'EUR', amount: '1.00', reference: other.reference }),
    ).rejects.toThrow('The reference names no customer of this organization');
  });
});
