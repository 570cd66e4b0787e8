import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { screenshotAndGraveViolations } from '#test/support/browser/accessibility.ts';
import {
  accept,
  launchChromium,
  type Member,
  mailedInviteLink,
  open,
  passkeyDevice,
} from '#test/support/browser/passkey-devices.ts';
import { SAMPLE_FILES } from '#test/support/customers/document-uploads.ts';
import { admin, type Runtime, startRuntime } from '#test/support/local-runtime.ts';

/**
 * A live organization without a KYC provider, on `npm start`: its compliance member, in Chromium with a passkey,
 * sees a customer's documents (opened from the document store through their short-lived links) and approves the
 * customer, who can then register a withdrawal bank in the verified name.
 */
describe('the organization reviews KYC in the console', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'payouts-e2e-reviews-'));
  const shots = process.env.CONSOLE_SCREENSHOTS ?? join(import.meta.dirname, 'artifacts', 'console');
  let runtime: Runtime;
  let browser: Browser;
  let owner: Member;
  let reviewer: Member;
  let organizationId: string;
  let apiKey: string;

  const api = async <T = Record<string, unknown>>(method: string, path: string, body?: object) => {
    // Sent again while a loaded runtime answers 503 with Retry-After.
    const options = { key: apiKey, ...(body ? { body } : {}) };
    return (await runtime.given<T>(`${method} ${path}`, method, path, options, [200, 201])).body;
  };

  const upload = async (customerId: string, idDocType: string, bytes: Buffer, type: string) => {
    const form = new FormData();
    form.set('idDocType', idDocType);
    form.set('country', 'ITA');
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), 'document');
    const response = await fetch(`${runtime.baseUrl}/api/v2/customers/${customerId}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
      body: form,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };

  /** The mailed link names the CLI's configured console origin; the member opens it on this runtime's. */
  const inviteLink = (email: string) => {
    const link = mailedInviteLink(join(dataDir, 'mail'), email);
    return `${runtime.baseUrl}/console/${link.slice(link.indexOf('#'))}`;
  };

  const shot = async (member: Member, name: string) =>
    expect.soft(await screenshotAndGraveViolations(member.page, join(shots, `${name}.png`), name)).toEqual([]);

  beforeAll(async () => {
    [runtime, browser] = await Promise.all([startRuntime(dataDir, { LOCAL_CHAIN: 'off' }), launchChromium()]);
    [owner, reviewer] = await Promise.all([
      passkeyDevice(browser, runtime.baseUrl),
      passkeyDevice(browser, runtime.baseUrl),
    ]);
    mkdirSync(shots, { recursive: true });
    const created = await admin(dataDir, 'org', 'create', '--name', 'Live Reviews', '--env', 'live');
    organizationId = created.organizationId as string;
    apiKey = created.apiKey as string;
    // Without a payee verifier a live bank's check is NOT_POSSIBLE; this organization proceeds rather than confirms.
    await admin(dataDir, 'org', 'update', organizationId, '--payee-when-not-possible', 'proceed');
    // The invite is mailed (to DATA_DIR/mail); the command prints the mail, not JSON.
    await promisify(execFile)(
      'npm',
      ['run', '-s', 'admin', '--', 'console', 'invite-owner', organizationId, '--email', 'olive@live.example'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, TABLE_NAME: '' },
      },
    );
  });

  afterAll(async () => {
    await browser?.close();
    await runtime?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets a compliance member approve a customer from the documents, and the customer then registers a bank', async () => {
    await accept(owner, inviteLink('olive@live.example'), 'Olive Owner');
    await open(owner, '#/members');
    await owner.page.getByLabel('E-mail').fill('cara@live.example');
    await owner.page.getByLabel('Role').selectOption('compliance');
    await owner.page.getByRole('button', { name: 'Send invite' }).click();
    await owner.page.getByText('Invite mailed to cara@live.example as compliance').waitFor();
    await accept(reviewer, inviteLink('cara@live.example'), 'Cara Compliance');

    const customer = await api('POST', '/customers', {
      name: 'MARCO ROSSI',
      accountType: 'individual',
      email: 'marco@example.com',
    });
    const customerId = customer.customerId as string;
    await api('POST', `/customers/${customerId}/kyc`);
    await upload(customerId, 'PASSPORT', SAMPLE_FILES.jpeg, 'image/jpeg');
    expect((await upload(customerId, 'PROOF_OF_ADDRESS', SAMPLE_FILES.pdf, 'application/pdf')).reviewTriggered).toBe(
      true,
    );
    // Live: the sandbox's verdict routes are not there.
    expect((await runtime.api('POST', `/sandbox/customers/${customerId}/kyc/approve`, { key: apiKey })).status).toBe(
      404,
    );

    await open(reviewer, '#/reviews');
    await reviewer.page.getByRole('heading', { name: 'Reviews' }).waitFor();
    await shot(reviewer, 'reviews-queue');
    await reviewer.page.getByRole('link', { name: 'MARCO ROSSI' }).click();
    await reviewer.page.getByRole('heading', { name: 'Review: MARCO ROSSI' }).waitFor();
    const links = reviewer.page.locator('a.document');
    expect(await links.count()).toBe(2);
    const passport = await reviewer.page.getByRole('link', { name: 'PASSPORT' }).getAttribute('href');
    // The document comes from the store itself, through a presigned link, not through the service.
    expect(new URL(passport ?? '').origin).not.toBe(new URL(runtime.baseUrl).origin);
    const opened = await reviewer.context.newPage();
    const shown = await opened.goto(passport ?? '');
    expect(shown?.status()).toBe(200);
    expect(Buffer.from((await shown?.body()) ?? [])).toEqual(SAMPLE_FILES.jpeg);
    await opened.close();
    await shot(reviewer, 'reviews-customer');

    await reviewer.page.getByLabel('Verified name').fill('Marco Rossi');
    await reviewer.page.getByLabel('Street and number').fill('Via Roma 1');
    await reviewer.page.getByLabel('Postal code').fill('20121');
    await reviewer.page.getByLabel('City').fill('Milano');
    await reviewer.page.getByLabel('Country (ISO code)').fill('IT');
    await reviewer.page.getByRole('button', { name: 'Approve' }).click();
    await reviewer.page.getByText('Approved').first().waitFor();
    await shot(reviewer, 'reviews-approved');

    expect(await api('GET', `/customers/${customerId}`)).toMatchObject({
      kycStatus: 'APPROVED',
      verifiedName: 'Marco Rossi',
    });
    const bank = await api('POST', `/customers/${customerId}/withdrawal/banks`, {
      beneficiaryName: 'Marco Rossi',
      iban: 'DE89370400440532013000',
      bic: 'DEUTDEFF',
    });
    expect(bank.status).toBe('ACTIVE');
    // The owner's audit log holds the verdict, by the reviewer.
    await open(owner, '#/audit');
    await owner.page.getByRole('cell', { name: "Approved a customer's KYC" }).first().waitFor();
    expect(await owner.page.getByText('cara@live.example').count()).toBeGreaterThan(0);
  });
});
