import { describe, expect, it } from 'vitest';
import { KYC_IN_REVIEW, KYC_NOT_INITIATED } from '#shared/customers/kyc-rules.ts';
import { KYC_ATTEMPTS_EXHAUSTED, KYC_COMPLETED, KYC_SUBMITTED } from '#shared/customers/submit-kyc.ts';
import { customerEvents } from '#test/support/customers/customer-events.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';

/** `POST /customers/{customerId}/kyc/submit` with Compose's attempt rules, over the local HTTP adapter. */
const deps = integrationDeps();
const { request } = useApi();

type Kyc = { kycVerified: boolean; stepsStatus: string; attempts: number };

async function givenCustomer() {
  const { apiKey: key } = await givenOrganization(deps);
  const created = await request<{ customerId: string }>('POST', '/customers', {
    key,
    body: { name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com' },
  });
  const customerId = created.body.customerId;
  const submit = () => request<{ error?: string }>('POST', `/customers/${customerId}/kyc/submit`, { key });
  const kyc = async () => (await request<{ kyc: Kyc }>('GET', `/customers/${customerId}`, { key })).body.kyc;
  const initiate = () => request('POST', `/customers/${customerId}/kyc`, { key });
  const reject = () => request('POST', `/sandbox/customers/${customerId}/kyc/reject`, { key });
  const approve = () => request('POST', `/sandbox/customers/${customerId}/kyc/approve`, { key });
  return { key, customerId, submit, kyc, initiate, reject, approve };
}

describe('POST /customers/{customerId}/kyc/submit', () => {
  it('refuses a customer who has not initiated KYC, with Compose text, and writes nothing', async () => {
    const customer = await givenCustomer();

    const res = await customer.submit();

    expect(res).toMatchObject({ status: 400, body: { error: KYC_NOT_INITIATED } });
    expect(await customer.kyc()).toMatchObject({ stepsStatus: 'incomplete', attempts: 0 });
  });

  it('submits an initiated KYC: 200, pending review, attempt 1, customer.kyc.submitted', async () => {
    const customer = await givenCustomer();
    await customer.initiate();

    const res = await customer.submit();

    expect(res).toMatchObject({ status: 200, body: { success: true, message: KYC_SUBMITTED } });
    expect(await customer.kyc()).toMatchObject({ kycVerified: false, stepsStatus: 'pending', attempts: 1 });
    const submitted = (await customerEvents(deps, customer.customerId)).filter(
      (event) => event.event_type === 'customer.kyc.submitted',
    );
    expect(submitted.map((event) => event.data)).toEqual([{ customer_id: customer.customerId, attempt: 1 }]);
  });

  it('refuses a second submission while the review is under way, and after approval', async () => {
    const customer = await givenCustomer();
    await customer.initiate();
    await customer.submit();

    expect(await customer.submit()).toMatchObject({ status: 409, body: { error: KYC_IN_REVIEW } });
    await customer.approve();
    expect(await customer.submit()).toMatchObject({ status: 409, body: { error: KYC_COMPLETED } });
    expect(await customer.kyc()).toMatchObject({ kycVerified: true, stepsStatus: 'approved', attempts: 1 });
  });

  it('lets a rejected customer try again, 4 submissions at most', async () => {
    const customer = await givenCustomer();
    await customer.initiate();
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await customer.submit()).status).toBe(200);
      expect((await customer.reject()).status).toBe(200);
    }

    const fifth = await customer.submit();

    expect(fifth).toMatchObject({ status: 409, body: { error: KYC_ATTEMPTS_EXHAUSTED } });
    expect(await customer.kyc()).toMatchObject({ stepsStatus: 'rejected', attempts: 4 });
    const attempts = (await customerEvents(deps, customer.customerId))
      .filter((event) => event.event_type === 'customer.kyc.submitted')
      .map((event) => event.data.attempt);
    expect(attempts.sort()).toEqual([1, 2, 3, 4]);
  });

  it('counts one attempt when two submissions race', async () => {
    const customer = await givenCustomer();
    await customer.initiate();

    const answers = await Promise.all([customer.submit(), customer.submit()]);

    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await customer.kyc()).toMatchObject({ attempts: 1 });
    const submitted = (await customerEvents(deps, customer.customerId)).filter(
      (event) => event.event_type === 'customer.kyc.submitted',
    );
    expect(submitted).toHaveLength(1);
  });

  it("answers 404 for another organization's customer", async () => {
    const customer = await givenCustomer();
    await customer.initiate();
    const other = await givenOrganization(deps);

    const res = await request('POST', `/customers/${customer.customerId}/kyc/submit`, { key: other.apiKey });

    expect(res).toMatchObject({ status: 404, body: { error: 'Customer not found' } });
    expect(await customer.kyc()).toMatchObject({ attempts: 1, stepsStatus: 'pending' });
  });
});
