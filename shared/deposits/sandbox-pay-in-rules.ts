import { refusal } from '#shared/errors.ts';

/** The sandbox pay-in's refusals. */
export const FOREIGN_REFERENCE = refusal(404, 'The reference names no customer of this organization');
export const NO_RECEIVING_ACCOUNT = refusal(
  409,
  (currency: string) => `No receiving account in ${currency} is configured (RECEIVING_BANKS)`,
  'USD',
);
export const PAY_IN_NOT_APPLIED = refusal(
  409,
  (why: string) => `The sandbox bank's credit was not applied: ${why}`,
  'Malformed report: Ntry/Amt 1.000 is not an amount',
);
