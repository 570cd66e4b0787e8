import { refusal } from '#shared/errors.ts';

/** What the treasury's use cases refuse with (imported by the route tables without the use cases). */

/** The organization has no treasury on the chain the USDC should leave from. */
export const NO_TREASURY = refusal(409, (chain: string) => `The organization has no treasury on ${chain}`, 'base');
export const NO_FEE_WALLET = refusal(
  409,
  (chain: string) => `Register the organization's wallet on ${chain} before withdrawing fees`,
  'base',
);
export const INSUFFICIENT_CUSTODIAL_BALANCE = refusal(400, 'amount: Exceeds the custodial USDC balance');
export const TRAVEL_RULE_NOT_FOUND = refusal(404, 'No crypto leg with Travel Rule data for this transaction');
export const ORIGINATOR_ALREADY_COMPLETE = refusal(409, "The deposit's originator data is already complete");
export const ORIGINATOR_NOT_GIVEN = refusal(
  400,
  'originator: Give the originator (a natural or legal person, or CUSTOMER), or the originatingVasp holding the address',
);
export const OWNERSHIP_SIGNATURE_REQUIRED = refusal(
  400,
  "ownershipSignature: Above EUR 1,000 from the customer's self-hosted address, the address's EIP-191 signature of the ownership message is required",
);
