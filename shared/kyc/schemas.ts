import { KycProviderNameSchema } from '#shared/organizations/kyc-providers.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

export const ProviderParams = z.strictObject({
  provider: KycProviderNameSchema.check(
    docMeta(OPENAPI_PROSE && { description: 'The KYC provider sending the webhook', examples: ['sumsub'] }),
  ),
});

export const WebhookOutcomeSchema = z
  .object({
    received: z.literal(true),
    outcome: z.enum(['applied', 'duplicate', 'ignored', 'unknown applicant', 'stale']).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'What the event did: `applied`; or why it changed nothing: `duplicate` (already applied), `ignored` (a ' +
            'type or level the service does not act on), `unknown applicant`, `stale` (the customer is past it).',
        },
      ),
    ),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'KycWebhookOutcome', examples: [{ received: true, outcome: 'applied' }] }));
