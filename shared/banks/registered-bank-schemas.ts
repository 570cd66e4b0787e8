import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { text } from '#shared/validation/text.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The requests about a bank already added: its path, the sandbox review's rejection. Apart from `CreateBankBody`
 * (`schemas.ts`), so only the function adding a bank carries the IBAN, BIC and rail checks
 * (docs/decisions/0028-bundle-size-targets.md).
 */

export const CustomerBankParams = z.strictObject({
  customerId: z.uuid({ error: 'Must be a UUID' }).check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'The customer the bank belongs to',
        examples: ['3b241101-e2bb-4255-8caf-4136c566a962'],
      },
    ),
  ),
  bankId: z.uuid({ error: 'Must be a UUID' }).check(
    docMeta(
      OPENAPI_PROSE && {
        description: 'The `id` that adding the withdrawal bank returned',
        examples: ['9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60'],
      },
    ),
  ),
});

export const SandboxRejectBankBody = z
  .strictObject({
    reason: z
      .optional(text(500))
      .check(
        docMeta(
          OPENAPI_PROSE && { description: 'Why the bank was refused; shown as `rejectionReason` and in the event' },
        ),
      ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && { id: 'SandboxRejectBankRequest', examples: [{ reason: 'Beneficiary could not be verified' }] },
    ),
  );
