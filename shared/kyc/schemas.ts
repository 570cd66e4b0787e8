import { KycProviderNameSchema } from '#shared/organizations/kyc-providers.ts';
import { described } from '#shared/routing/prose.ts';
import * as z from '#shared/validation/zod.ts';

export const ProviderParams = z.strictObject({
  provider: described(KycProviderNameSchema),
});

export const WebhookOutcomeSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored', 'unknown applicant', 'stale']),
});
