import { refusal } from '#shared/errors.ts';

/** What the providers' webhook route refuses (the use case throws them; the route row and the document name them). */
export const WEBHOOK_SIGNATURE_INVALID = refusal(401, 'Invalid webhook signature');
export const WEBHOOK_OUTSIDE_WINDOW = refusal(400, 'Webhook is outside the replay window');
export const WEBHOOK_MALFORMED = refusal(
  400,
  (reason: string) => `Malformed webhook: ${reason}`,
  'the body is not JSON',
);
/**
 * A provider this deployment holds no credentials for: nothing can verify its events, and no customer of the
 * deployment was sent to it. Not a 503: waiting does not make it configured.
 */
export const WEBHOOK_PROVIDER_NOT_CONFIGURED = refusal(
  404,
  (provider: string) => `No credentials for the KYC provider ${provider} in this deployment: its events are not taken`,
  'sumsub',
);
