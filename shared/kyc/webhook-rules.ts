import { refusal } from '#shared/errors.ts';

/** What the providers' webhook route refuses (the use case throws them; the route row and the document name them). */
export const WEBHOOK_SIGNATURE_INVALID = refusal(401, 'Invalid webhook signature');
export const WEBHOOK_OUTSIDE_WINDOW = refusal(400, 'Webhook is outside the replay window');
export const WEBHOOK_MALFORMED = refusal(
  400,
  (reason: string) => `Malformed webhook: ${reason}`,
  'the body is not JSON',
);
