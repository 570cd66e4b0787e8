import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnerInvite } from '#shared/console/identity/create-owner-invite.ts';
import { keys } from '#shared/db/keys.ts';
import { screeningLists } from '#shared/screening/screening-lists.ts';
import { rescreenAll } from '#shared/screening-review/rescreen-all.ts';
import { type Bank, eurBank, givenCustomer } from '#test/support/banks/bank-requests.ts';
import { ConsoleTab, tokenOfInviteUrl } from '#test/support/console/console-client.ts';
import { givenOrganization, integrationDeps } from '#test/support/deps.ts';
import { useApi } from '#test/support/http/local-api.ts';
import { LIST_FIXTURES_DIR, listFixture } from '#test/support/screening/list-fixtures.ts';

/**
 * A new sanctions list version re-screens every verified customer and registered bank: a customer and a bank that
 * passed before the OFAC list was in force are held once it is, the organization's console counts the new hits,
 * the same versions are not screened twice, and one unreadable record stops nothing.
 */
const dir = mkdtempSync(join(tmpdir(), 'sanctions-rescreen-'));
const previousDir = process.env.SANCTIONS_DIR;
process.env.SANCTIONS_DIR = dir;
for (const file of ['consolidated.xml', 'eu-consolidated.xml'])
  copyFileSync(join(LIST_FIXTURES_DIR, file), join(dir, file));
afterAll(() => {
  if (previousDir === undefined) delete process.env.SANCTIONS_DIR;
  else process.env.SANCTIONS_DIR = previousDir;
  rmSync(dir, { recursive: true, force: true });
});

const deps = integrationDeps();
const { request, origin } = useApi();
let org: Awaited<ReturnType<typeof givenOrganization>>;
let reviewer: ConsoleTab;

beforeAll(async () => {
  org = await givenOrganization(deps);
  reviewer = new ConsoleTab(request, origin);
  const invite = await createOwnerInvite(deps, {
    organizationId: org.organizationId,
    email: 'rescreen@example.com',
    operator: 'ops@payouts.dev',
  });
  expect((await reviewer.acceptInvite(tokenOfInviteUrl(invite.url), 'Rita Rescreen')).status).toBe(201);
});

describe('a new list version', () => {
  it('holds the verified customers and banks it now lists, once per version, past a bad record', async () => {
    const name = 'Dmitri Sergeyevich Kovalenko';
    const customerId = await givenCustomer(request, org.apiKey, { name });
    const bank = await request<Bank>('POST', `/customers/${customerId}/withdrawal/banks`, {
      key: org.apiKey,
      body: eurBank({ beneficiaryName: name, iban: 'DE44500105175407324931' }),
    });
    expect(bank.body.status).toBe('ACTIVE');
    // A customer item no reader can parse, in the same table.
    await deps.db.client.send(
      new PutCommand({
        TableName: deps.db.tableName,
        Item: { ...keys.customer(org.organizationId, 'broken'), entity: 'CUSTOMER', name: 42 },
      }),
    );

    for (const file of ['alt.csv', 'add.csv', 'sdn_comments.csv']) {
      copyFileSync(join(LIST_FIXTURES_DIR, file), join(dir, file));
    }
    // An entry of this run's own makes a version no earlier run of the same table screened against.
    const entry = `${Date.now() % 1_000_000_000},"QUARTZVALE ${randomUUID().slice(0, 8).toUpperCase()} HOLDINGS",-0- ,"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \r\n`;
    // Before the file's closing SUB character, as OFAC's files end.
    const end = '\u001a';
    writeFileSync(join(dir, 'sdn.csv'), listFixture('sdn.csv').replace(new RegExp(`${end}$`), `${entry}${end}`));
    await screeningLists(deps.config).reload();
    const run = await rescreenAll(deps, { pageSize: 100 });
    expect(run).toMatchObject({ status: 'DONE' });
    expect(run?.versions).toContain('OFAC_SDN@');
    expect(run?.hitsByOrganization[org.organizationId]).toBe(2);
    expect(run?.failed).toBeGreaterThanOrEqual(1);

    const customer = await request<{ kycStatus: string; verifiedName: string }>('GET', `/customers/${customerId}`, {
      key: org.apiKey,
    });
    expect(customer.body).toMatchObject({ kycStatus: 'PENDING', verifiedName: name });
    const held = await request<Bank & { rejectionReason: string }>(
      'GET',
      `/customers/${customerId}/withdrawal/banks/${bank.body.id}`,
      { key: org.apiKey },
    );
    expect(held.body).toMatchObject({
      status: 'PENDING',
      rejectionReason: 'Held for review: the beneficiary name matches an entry of the OFAC SDN sanctions list',
    });
    expect(held.body.wallets.every((wallet) => !wallet.enabled)).toBe(true);

    const holds = await reviewer.call<{ holdId: string; hit: { entryId: string } }[]>('GET', '/screening/holds');
    expect(
      holds.body
        .filter((hold) => hold.hit.entryId === '9640')
        .map((hold) => hold.holdId)
        .sort(),
    ).toEqual([`bank:${bank.body.id}`, `customer:${customerId}`].sort());
    const reports = await reviewer.call<{ versions: string; newHits: number }[]>('GET', '/screening/rescreens');
    expect(reports.status).toBe(200);
    expect(reports.body).toEqual([expect.objectContaining({ versions: run?.versions, newHits: 2 })]);

    // Cleared, the bank is ACTIVE again; the same versions are not screened again.
    const cleared = await reviewer.call('POST', `/screening/holds/bank:${bank.body.id}/clear`, {
      reason: 'Our customer, verified: another date of birth',
    });
    expect(cleared.status).toBe(200);
    expect(await rescreenAll(deps)).toEqual(run);
    const after = await request<Bank>('GET', `/customers/${customerId}/withdrawal/banks/${bank.body.id}`, {
      key: org.apiKey,
    });
    expect(after.body.status).toBe('ACTIVE');
    expect(after.body.wallets.every((wallet) => wallet.enabled)).toBe(true);
  });
});
