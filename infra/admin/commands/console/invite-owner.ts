import { adminCommand } from '#infra/admin/command.ts';
import { oneId, UsageError } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { createOwnerInvite } from '#shared/console/identity/create-owner-invite.ts';
import { EmailSchema } from '#shared/validation/email.ts';

export const consoleInviteOwner = adminCommand({
  name: 'console invite-owner',
  usage: '<organizationId> --email <email> [--as <operator email>]',
  flags: { email: { type: 'string' }, as: { type: 'string' } },
  run({ values, positionals }, { db, config }) {
    const organizationId = oneId(positionals, 'organization id');
    const email = EmailSchema.safeParse(values.email ?? '');
    if (!email.success) throw new UsageError('--email takes the owner e-mail');
    const operator = EmailSchema.safeParse(values.as ?? 'operator@payouts.dev');
    if (!operator.success) throw new UsageError('--as takes the operator e-mail');
    return createOwnerInvite(
      { db: db(), clock: systemClock, config: config() },
      { organizationId, email: email.data, operator: operator.data },
    );
  },
});
