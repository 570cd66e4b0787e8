import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The requests about a bank already added: its path, the sandbox review's rejection. Apart from `CreateBankBody`
 * (`schemas.ts`), so only the function adding a bank carries the IBAN, BIC and rail checks
 * (docs/decisions/0028-bundle-size-targets.md).
 */

export const CustomerBankParams = z.strictObject({
  customerId: z.uuid({ error: 'Must be a UUID' }),
  bankId: z.uuid({ error: 'Must be a UUID' }),
});

export const SandboxRejectBankBody = z.strictObject({
  reason: z.optional(text(500)),
});
