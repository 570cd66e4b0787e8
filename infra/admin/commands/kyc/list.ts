import { adminCommand } from '#infra/admin/command.ts';
import { oneId } from '#infra/admin/flags.ts';
import { listKycQueue } from '#shared/reviews/list-kyc-queue.ts';

export const kycList = adminCommand({
  name: 'kyc list',
  usage: '<organizationId> [--cursor <cursor>]',
  note: "customers whose KYC waits for the organization's reviewers",
  flags: { cursor: { type: 'string' } },
  run({ values, positionals }, { db }) {
    return listKycQueue({ db: db() }, oneId(positionals, 'organization id'), { limit: 100, cursor: values.cursor });
  },
});
