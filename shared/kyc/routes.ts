import { ProviderParams, WebhookOutcomeSchema } from '#shared/kyc/schemas.ts';
import {
  WEBHOOK_MALFORMED,
  WEBHOOK_OUTSIDE_WINDOW,
  WEBHOOK_PROVIDER_NOT_CONFIGURED,
  WEBHOOK_SIGNATURE_INVALID,
} from '#shared/kyc/webhook-rules.ts';
import { defineRoutes } from '#shared/routing/route.ts';

/** The KYC providers' rows of the route table (assembled in `#shared/routes.ts`). */
export const routes = defineRoutes('kyc', {
  receiveKycProviderWebhook: {
    method: 'POST',
    path: '/api/v2/kyc-providers/{provider}/webhook',
    handler: 'functions/api/kyc/receive-provider-webhook.ts',
    tag: 'KYC providers',
    auth: false,
    successStatus: 200,
    access: { table: 'readwrite', kycProvider: true },
    request: { params: ProviderParams, raw: true },
    responses: { 200: WebhookOutcomeSchema },
    refusals: [WEBHOOK_SIGNATURE_INVALID, WEBHOOK_OUTSIDE_WINDOW, WEBHOOK_MALFORMED, WEBHOOK_PROVIDER_NOT_CONFIGURED],
  },
});
