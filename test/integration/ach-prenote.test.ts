import { beforeAll, describe, expect, it } from 'vitest';
import { recordPrenoteReturn } from '#shared/banks/record-prenote-return.ts';
import { getBankOfCustomer } from '#shared/banks/repository.ts';
import { confirmDuePrenotes, sendDuePrenotes } from '#shared/banks/send-prenotes.ts';
import type { Deps } from '#shared/deps.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { writeNachaReturns } from '#shared/rails/bank/ach/nacha-return-writer.ts';
import type { BankChannel } from '#shared/rails/bank/channel.ts';
import { RAILS } from '#shared/rails/bank/rails.ts';
import { addBusinessDays } from '#shared/rails/bank/settlement.ts';
import { type Bank, eurBank, givenCustomer, usdBank } from '#test/support/banks/bank-requests.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { freshChannel } from '#test/support/rails/bank-channel.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';

/**
 * ACH prenotes over HTTP on DynamoDB Local: requested for a USD bank of an organization paying USD by ACH, sent as
 * a zero-dollar entry in a NACHA file by the batcher's run, confirmed when the window passes without a return,
 * failed by a return; refused where ACH does not reach.
 */
const deps = integrationDeps();
const { request } = useApi();
type Prenote = { status: string; reference: string; confirmAfter: string | null; reason: string | null };
type BankWithPrenote = Bank & { prenote: Prenote | null };

const ACH = RAILS.ACH.settlement;
/** A Tuesday at 15:00 UTC (before the 14:00 New York cut-off) a week or more ahead: the request is due by then. */
const sendAt = (() => {
  const day = new Date(Date.now() + 7 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((9 - day.getUTCDay()) % 7));
  return `${day.toISOString().slice(0, 10)}T15:00:00.000Z`;
})();
const at = (iso: string): Deps => ({ ...deps, clock: { now: () => new Date(iso) } });
function outbox() {
  const files = new Map<string, string>();
  const channel = { writeOutbox: async (_scope: unknown, name: string, body: string) => void files.set(name, body) };
  return { files, channel: channel as unknown as BankChannel };
}

let org: Awaited<ReturnType<typeof givenOrganization>>;
beforeAll(async () => {
  org = await givenOrganization(deps);
  await updateOrganization(
    deps.db,
    org.organizationId,
    {
      payoutAccounts: {
        USD: {
          currency: 'USD',
          name: 'Fintech Inc',
          accountNumber: '000123456789',
          routingNumber: '021000021',
          domesticRail: 'ACH',
          achCompanyId: '1123456789',
        },
      },
    },
    new Date(),
  );
});

async function usdBankOf(name: string, accountNumber: string) {
  const customerId = await givenCustomer(request, org.apiKey, { name });
  const created = await request<BankWithPrenote>('POST', `/customers/${customerId}/withdrawal/banks`, {
    key: org.apiKey,
    body: usdBank({ beneficiaryName: name, accountNumber }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.prenote).toBeNull();
  return created.body;
}
const prenoteOf = (bank: Bank) =>
  request<BankWithPrenote & { error: string }>(
    'POST',
    `/customers/${bank.customerId}/withdrawal/banks/${bank.id}/prenote`,
    { key: org.apiKey, body: {} },
  );
const stored = async (bank: Bank) =>
  (await getBankOfCustomer(deps.db, org.organizationId, bank.customerId, bank.id))?.prenote;

describe('an ACH prenote', () => {
  it('goes out as a zero-dollar code-23 entry, then is CONFIRMED once the window passes without a return', async () => {
    const bank = await usdBankOf('Jane Doe', '555000111');
    const requested = await prenoteOf(bank);
    expect(requested.status, JSON.stringify(requested.body)).toBe(202);
    expect(requested.body.prenote).toMatchObject({ status: 'REQUESTED', confirmAfter: null });
    const reference = requested.body.prenote?.reference ?? '';
    expect(reference).toMatch(/^PN-[0-9A-F]{12}$/);
    expect((await prenoteOf(bank)).body.error).toMatch(/prenote is REQUESTED/);

    const { files, channel } = outbox();
    const sent = await sendDuePrenotes(at(sendAt), channel);
    const ours = [...files.entries()].find(([, text]) => text.includes(reference));
    expect(ours?.[0]).toMatch(/^[0-9a-f]{32}\.ach$/);
    expect(sent.files).toContain(ours?.[0].replace('.ach', ''));
    const entry = parseNacha(ours?.[1] ?? '').find((r) => r.type === '6')?.fields;
    expect(entry).toMatchObject({
      transactionCode: '23',
      amount: '0000000000',
      dfiAccountNumber: '555000111        ',
      individualIdentificationNumber: reference,
    });
    const confirmAfter = `${addBusinessDays(ACH, addBusinessDays(ACH, sendAt.slice(0, 10), 1), 3)}T23:59:59.999Z`;
    expect(await stored(bank)).toMatchObject({ status: 'SENT', confirmAfter });
    expect((await prenoteOf(bank)).body.error).toMatch(/prenote is SENT/);

    await confirmDuePrenotes(at(confirmAfter.replace('23:59:59.999', '12:00:00.000')));
    expect((await stored(bank))?.status).toBe('SENT');
    const after = new Date(Date.parse(confirmAfter) + 1).toISOString();
    await confirmDuePrenotes(at(after));
    expect(await stored(bank)).toMatchObject({ status: 'CONFIRMED', settledAt: after });
    const shown = await request<BankWithPrenote>('GET', `/customers/${bank.customerId}/withdrawal/banks/${bank.id}`, {
      key: org.apiKey,
    });
    expect(shown.body.prenote?.status).toBe('CONFIRMED');
  });

  it('is FAILED by a return with its code and meaning, once; a reference that is no prenote is left to payouts', async () => {
    const bank = await usdBankOf('John Roe', '555000222');
    const reference = (await prenoteOf(bank)).body.prenote?.reference ?? '';
    await sendDuePrenotes(at(sendAt), outbox().channel);

    expect(await recordPrenoteReturn(deps, { reference, returnCode: 'R03' })).toBe(true);
    expect(await stored(bank)).toMatchObject({
      status: 'FAILED',
      returnCode: 'R03',
      reason: expect.stringMatching(/^R03: /),
    });
    expect(await recordPrenoteReturn(deps, { reference, returnCode: 'R04' })).toBe(true);
    expect((await stored(bank))?.returnCode).toBe('R03');
    // Past its window a failed prenote stays failed.
    await confirmDuePrenotes(at(new Date(Date.parse(sendAt) + 30 * 86_400_000).toISOString()));
    expect((await stored(bank))?.status).toBe('FAILED');
    expect(await recordPrenoteReturn(deps, { reference: 'WD-AAAA-0001', returnCode: 'R03' })).toBe(false);
    // A failed prenote may be requested again (after the account is corrected).
    expect((await prenoteOf(bank)).status).toBe(202);
  });

  it('is FAILED by a NACHA return file in the bank inbox, once, with nothing of the file taken for a payout', async () => {
    const bank = await usdBankOf('Ida Roe', '555000333');
    const reference = (await prenoteOf(bank)).body.prenote?.reference ?? '';
    await sendDuePrenotes(at(sendAt), outbox().channel);
    const file = writeNachaReturns({
      createdAt: new Date().toISOString(),
      originatingBank: '021000021',
      returningBank: '021000021',
      companyName: 'Sandbox payouts',
      companyId: '1123456789',
      entries: [
        {
          kind: 'return',
          code: 'R04',
          secCode: 'PPD',
          originalTraceNumber: '021000020000001',
          routingNumber: '021000021',
          accountNumber: '555000333',
          amount: '0.00',
          identification: reference,
          name: 'Ida Roe',
        },
      ],
    });
    const channel = freshChannel();
    await channel.writeInbox('PRENOTE-RETURN', file);
    expect(await processInboxReport(deps, channel, 'PRENOTE-RETURN')).toMatchObject({ outcome: 'applied' });
    expect(await stored(bank)).toMatchObject({ status: 'FAILED', returnCode: 'R04' });
    await channel.writeInbox('PRENOTE-RETURN-AGAIN', file);
    expect(await processInboxReport(deps, channel, 'PRENOTE-RETURN-AGAIN')).toMatchObject({ outcome: 'applied' });
    expect((await stored(bank))?.returnCode).toBe('R04');
  });

  it('is refused for a EUR bank and for an organization that does not pay USD by ACH', async () => {
    const customerId = await givenCustomer(request, org.apiKey, { name: 'Jane Doe' });
    const eur = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      key: org.apiKey,
      body: eurBank(),
    });
    const refused = await prenoteOf(eur.body);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/domesticRail.*ACH/);

    const fedwire = await givenOrganization(deps);
    const fedwireCustomer = await givenCustomer(request, fedwire.apiKey, { name: 'Jane Doe' });
    const usd = await request<Bank>('POST', `/customers/${fedwireCustomer}/withdrawal/banks`, {
      key: fedwire.apiKey,
      body: usdBank(),
    });
    const notAch = await request<{ error: string }>(
      'POST',
      `/customers/${fedwireCustomer}/withdrawal/banks/${usd.body.id}/prenote`,
      { key: fedwire.apiKey, body: {} },
    );
    expect(notAch.status).toBe(409);
  });
});
