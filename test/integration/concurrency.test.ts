import { describe, expect, it } from 'vitest';
import { useApi } from '#test/integration/support/api.ts';
import { type Bank, eurBank, givenCustomer } from '#test/integration/support/banks.ts';
import { givenOrganization } from '#test/integration/support/deps.ts';
import { assertBankInvariants, assertCustomerInvariants } from '#test/integration/support/invariants.ts';
import { useOwnTable } from '#test/integration/support/own-table.ts';

/**
 * Races beyond those each area tests for itself (two identical bank creates, two bank verdicts, concurrent KYC
 * approvals, 50 identical withdrawal creates, balance and allowance races, approve against cancel): larger and
 * mixed storms, each followed by the invariants of the whole table (which only this file writes to).
 */
const table = useOwnTable();
const { request } = useApi();

const CHAINS = 4;

async function assertInvariants() {
  const snapshot = await table.snapshot();
  assertCustomerInvariants(snapshot);
  assertBankInvariants(snapshot, CHAINS);
}

async function givenVerified() {
  const org = await givenOrganization(table.deps);
  const customerId = await givenCustomer(request, org.apiKey);
  return { key: org.apiKey, customerId, banks: `/customers/${customerId}/withdrawal/banks` };
}

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describe('withdrawal banks under concurrency', () => {
  it('turns 8 concurrent creates of one account, spelt four ways, into one bank and 7 conflicts', async () => {
    const { key, banks } = await givenVerified();
    const spellings = [
      'DE89370400440532013000',
      'DE89 3704 0044 0532 0130 00',
      'de89370400440532013000',
      ' DE89370400440532013000 ',
    ];

    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request<Bank>('POST', banks, { key, body: eurBank({ iban: spellings[i % spellings.length] }) }),
      ),
    );

    expect(statuses(results)).toEqual([201, ...Array(7).fill(409)]);
    for (const conflict of results.filter((r) => r.status === 409)) {
      expect(conflict.body).toEqual({ error: 'A withdrawal bank with these account details already exists' });
    }
    const listed = await request<Bank[]>('GET', banks, { key });
    expect(listed.body.map((bank) => bank.id)).toEqual(results.filter((r) => r.status === 201).map((r) => r.body.id));
    await assertInvariants();
  });

  it('never leaves two live banks for one account when a rejection races new requests for it', async () => {
    const { key, banks, customerId } = await givenVerified();
    const thirdParty = eurBank({
      recipientType: 'OTHER_INDIVIDUAL',
      beneficiaryName: 'Max Mustermann',
      addressLine1: 'Damrak 1',
      city: 'Amsterdam',
    });
    for (let round = 0; round < 4; round++) {
      const listed = await request<Bank[]>('GET', banks, { key });
      const pending = listed.body.find((bank) => bank.status === 'PENDING');
      const { body: bank } = pending
        ? { body: pending }
        : await request<Bank>('POST', banks, { key, body: thirdParty });

      const [rejected, ...creates] = await Promise.all([
        request('POST', `/sandbox/customers/${customerId}/withdrawal/banks/${bank.id}/reject`, { key }),
        ...Array.from({ length: 4 }, () => request<Bank>('POST', banks, { key, body: thirdParty })),
      ]);

      expect(rejected?.status).toBe(200);
      // A create may win only after the rejection freed the account, and then only one of them.
      expect(statuses(creates).filter((s) => s === 201).length).toBeLessThanOrEqual(1);
      expect(statuses(creates).every((s) => s === 201 || s === 409)).toBe(true);
    }
    await assertInvariants();
  });

  it('keeps wallets, lookups and events in step with the status through a storm of verdicts', async () => {
    const { key, banks, customerId } = await givenVerified();
    const created = await Promise.all(
      ['NL91ABNA0417164300', 'FR1420041010050500013M02606', 'GB29NWBK60161331926819'].map((iban) =>
        request<Bank>('POST', banks, {
          key,
          body: eurBank({
            iban,
            recipientType: 'OTHER_BUSINESS',
            beneficiaryName: 'Globex',
            addressLine1: 'A 1',
            city: 'B',
          }),
        }),
      ),
    );

    const verdicts = await Promise.all(
      created.flatMap(({ body: bank }) =>
        ['approve', 'reject', 'approve', 'reject', 'approve'].map((verdict) =>
          request('POST', `/sandbox/customers/${customerId}/withdrawal/banks/${bank.id}/${verdict}`, { key }),
        ),
      ),
    );

    // Of each bank's five verdicts exactly one is taken.
    for (let i = 0; i < created.length; i++) {
      expect(statuses(verdicts.slice(i * 5, i * 5 + 5))).toEqual([200, 409, 409, 409, 409]);
    }
    await assertInvariants();
  });
});

describe('KYC under concurrency', () => {
  it('records exactly one event per verdict taken, and ends in the state of the last one', async () => {
    const org = await givenOrganization(table.deps);
    const key = org.apiKey;
    const customers = await Promise.all(
      Array.from({ length: 3 }, () => givenCustomer(request, key, { approved: false })),
    );

    const results = await Promise.all(
      customers.flatMap((id) =>
        ['kyc', 'approve', 'reject', 'kyc', 'approve', 'reject'].map((action) =>
          action === 'kyc'
            ? request('POST', `/customers/${id}/kyc`, { key })
            : request('POST', `/sandbox/customers/${id}/kyc/${action}`, {
                key,
                ...(action === 'approve' ? { body: { verifiedName: 'Jane Doe' } } : {}),
              }),
        ),
      ),
    );

    expect(results.every((r) => [200, 409].includes(r.status))).toBe(true);
    const snapshot = await table.snapshot();
    for (const [i, id] of customers.entries()) {
      const mine = results.slice(i * 6, i * 6 + 6);
      const verdictsTaken = mine.filter((r, j) => j % 3 !== 0 && r.status === 200).length;
      const events = snapshot.filter(
        (item) =>
          item.entity === 'EVENT' &&
          (item.envelope as { data: { customer_id?: string }; event_type: string }).data.customer_id === id &&
          (item.envelope as { event_type: string }).event_type.startsWith('customer.kyc.'),
      );
      expect(events, `customer ${id}`).toHaveLength(verdictsTaken);
      expect(verdictsTaken).toBeGreaterThanOrEqual(1);
    }
    assertCustomerInvariants(snapshot);
  });
});
