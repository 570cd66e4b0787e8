import { refusal } from '#shared/errors.ts';

/** The refusals of the suspense queue's decisions: one constant each, named by the routes and the document. */
export const BANK_CREDIT_NOT_FOUND = refusal(404, 'Bank credit not found');
export const NOT_IN_SUSPENSE = refusal(
  409,
  (status: string) => `The bank credit is ${status}: only a credit in suspense can be assigned or sent back`,
  'ASSIGNED',
);
export const NOT_CREDITABLE = refusal(
  409,
  (reason: string) => `The bank credit cannot be credited to this customer: ${reason}`,
  'The customer is disabled',
);
export const NOT_SENDABLE = refusal(
  409,
  (reason: string) => `The bank credit cannot be sent back: ${reason}`,
  "the payer's account is not known",
);
