import { refusal } from '#shared/errors.ts';

/** A sandbox return names a reason code the payout's rail does not have; the answer lists the ones it has. */
export const UNKNOWN_RETURN_REASON = refusal(
  400,
  (code: string, valid: readonly string[]) =>
    `reasonCode ${code} is not a return reason of this payout's rail; use one of: ${valid.join(', ')}`,
  'XX99',
  ['AC01', 'AC04', 'AC06'],
);
