import { refusal } from '#shared/errors.ts';

/** What the Travel Rule's use cases refuse with (imported by the route tables without the use cases). */

export const PROOF_REFUSED = refusal(400, 'signature: The signature does not prove control of the address');
