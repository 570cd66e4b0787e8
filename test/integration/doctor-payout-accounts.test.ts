import { beforeAll, describe, expect, it } from 'vitest';
import { putSftpChannel } from '#shared/bank-transfer/repository.ts';
import type { Deps } from '#shared/deps.ts';
import { checkPayoutAccounts } from '#shared/doctor/check-payout-accounts.ts';
import { updateOrganization } from '#shared/organizations/repository.ts';
import { isolatedTableDeps } from '#test/support/db/isolated-table.ts';
import { givenOrganization } from '#test/support/deps.ts';

/** The doctor's payout accounts check against DynamoDB Local: every bank connection has its live payout account. */
let deps: Deps;

beforeAll(async () => {
  // The bank connections are one table-wide partition: a table of this file's own.
  deps = await isolatedTableDeps(() => new Date());
});

const connection = (organizationId: string) => ({
  organizationId,
  currency: 'EUR' as const,
  host: '127.0.0.1',
  port: 2222,
  hostKey: `ssh-ed25519 ${'A'.repeat(68)}`,
  user: 'bank',
  privateKeySecret: 'ssh-key',
  uploadDir: '/upload',
  downloadDir: '/download',
});

describe("the doctor's payout accounts check", () => {
  it('names a connection whose organization has no payout account in its currency, and passes once it has', async () => {
    const { organization } = await givenOrganization(deps, { environment: 'live' });
    await putSftpChannel(deps.db, connection(organization.organizationId));

    const without = await checkPayoutAccounts(deps.db);
    await updateOrganization(
      deps.db,
      organization.organizationId,
      {
        payoutAccounts: {
          EUR: { currency: 'EUR', name: 'Acme GmbH', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' },
        },
      },
      new Date(),
    );
    const withAccount = await checkPayoutAccounts(deps.db);

    expect(without).toMatchObject({ ok: false, detail: `${organization.organizationId} EUR: no payout account` });
    expect(withAccount).toMatchObject({ ok: true, detail: '1 bank connection(s), each with its live payout account' });
  });
});
