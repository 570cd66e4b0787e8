import { KYC_PROVIDER_UNAVAILABLE } from '#shared/customers/kyc-rules.ts';
import { ProviderParams, WebhookOutcomeSchema } from '#shared/kyc/schemas.ts';
import { WEBHOOK_MALFORMED, WEBHOOK_OUTSIDE_WINDOW, WEBHOOK_SIGNATURE_INVALID } from '#shared/kyc/webhook-rules.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';

/** The KYC providers' rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = {
  receiveKycProviderWebhook: defineRoute({
    operationId: 'receiveKycProviderWebhook',
    method: 'POST',
    path: '/api/v2/kyc-providers/{provider}/webhook',
    handler: 'functions/api/kyc/receive-provider-webhook.ts',
    summary: "A KYC provider's webhook",
    description:
      OPENAPI_PROSE &&
      "Public: authenticated by the provider's signature over the raw body (Sumsub: `X-Payload-Digest`, the HMAC of " +
        'the body with the webhook secret, named by `X-Payload-Digest-Alg`, `HMAC_SHA256_HEX` or `HMAC_SHA512_HEX`), ' +
        'compared in constant time; a bad or missing one is a 401. An event made longer ago than ' +
        '`KYC_WEBHOOK_MAX_AGE_S` (or ahead of our clock) is a 400; one already applied changes nothing again. ' +
        '`applicantReviewed` GREEN approves the customer with the name, address, nationality and date of birth the ' +
        "provider verified (a corporate: its registered company, whose name is the customer's verified name), RED " +
        'rejects it (`reviewRejectType` FINAL: for good; RETRY: the customer may try again); `applicantPending` ' +
        'submits the review; `applicantLevelChanged` moves `kyc.levelName`. Each sends its customer event.',
    tag: 'KYC providers',
    auth: false,
    successStatus: 200,
    access: { table: 'readwrite', kycProvider: true },
    request: { params: ProviderParams },
    responses: { 200: WebhookOutcomeSchema },
    refusals: [WEBHOOK_SIGNATURE_INVALID, WEBHOOK_OUTSIDE_WINDOW, WEBHOOK_MALFORMED, KYC_PROVIDER_UNAVAILABLE],
  }),
} satisfies Record<string, RouteDefinition>;
