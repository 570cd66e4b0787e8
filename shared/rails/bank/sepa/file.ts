import { type Pain001Profile, pain001Writer } from '#shared/rails/bank/pain001.ts';
import type { BankRailFile } from '#shared/rails/bank/rail.ts';
import { sepa } from '#shared/rails/bank/sepa/rail.ts';

/** pain.001 as the EPC's SCT guidelines restrict it: service level SEPA, charges SLEV, the creditor's BIC if known. */
export const SEPA_PAIN001 = {
  serviceLevel: 'SEPA',
  localInstrument: null,
  chargeBearer: 'SLEV',
  creditorAgent: 'BIC_IF_KNOWN',
} as const satisfies Omit<Pain001Profile, 'rail'>;

export const sepaFile = {
  write: pain001Writer({ rail: sepa, ...SEPA_PAIN001 }),
} satisfies BankRailFile<typeof sepa>;
