import type { ConsoleRails } from '#shared/console/views/transaction-view-schemas.ts';
import { RAIL_NAMES } from '#shared/rails/bank/rail.ts';
import { RAILS } from '#shared/rails/bank/rails.ts';

/** The rails as their descriptors declare them, so the console's filters name every one and no other. */
export const listRails = (): ConsoleRails =>
  RAIL_NAMES.map((rail) => ({ rail, bankRail: RAILS[rail].bankRail, currencies: [...RAILS[rail].currencies] }));
