import type { PayoutSettlement } from '#shared/payout-operations/records.ts';

/** A settlement as the console and the CLI show it: without the keys of where it lives. */
export const settlementView = ({ organizationId: _o, customerId: _c, ...view }: PayoutSettlement) => view;
