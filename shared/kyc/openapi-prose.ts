import type { routes } from '#shared/kyc/routes.ts';
import { ProviderParams, WebhookOutcomeSchema } from '#shared/kyc/schemas.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';

/** The KYC providers' words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    receiveKycProviderWebhook: {
      summary: "A KYC provider's webhook",
      description:
        "Public: authenticated by the provider's signature over the raw body (Sumsub: `X-Payload-Digest`, the HMAC of " +
        'the body with the webhook secret, named by `X-Payload-Digest-Alg`, `HMAC_SHA256_HEX` or `HMAC_SHA512_HEX`), ' +
        'compared in constant time; a bad or missing one is a 401. An event made longer ago than ' +
        '`KYC_WEBHOOK_MAX_AGE_S` (or ahead of our clock) is a 400; one already applied changes nothing again. ' +
        '`applicantReviewed` GREEN approves the customer with the name, address, nationality and date of birth the ' +
        "provider verified (a corporate: its registered company, whose name is the customer's verified name), RED " +
        'rejects it (`reviewRejectType` FINAL: for good; RETRY: the customer may try again); `applicantPending` ' +
        'submits the review; `applicantLevelChanged` moves `kyc.levelName`. Each sends its customer event.',
    },
  },
  schemas: [
    schemaProse(ProviderParams, {
      shape: { provider: { description: 'The KYC provider sending the webhook', examples: ['sumsub'] } },
    }),
    schemaProse(WebhookOutcomeSchema, {
      id: 'KycWebhookOutcome',
      examples: [{ received: true, outcome: 'applied' }],
      shape: {
        outcome: {
          description:
            'What the event did: `applied`; or why it changed nothing: `duplicate` (already applied), `ignored` (a ' +
            'type or level the service does not act on), `unknown applicant`, `stale` (the customer is past it).',
        },
      },
    }),
  ],
};
