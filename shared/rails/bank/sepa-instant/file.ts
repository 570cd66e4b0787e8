import { pain001Writer } from '#shared/rails/bank/pain001.ts';
import type { BankRailFile } from '#shared/rails/bank/rail.ts';
import { SEPA_PAIN001 } from '#shared/rails/bank/sepa/file.ts';
import { sepaInstant } from '#shared/rails/bank/sepa-instant/rail.ts';

/** A SEPA file with local instrument `INST`. */
export const sepaInstantFile = {
  write: pain001Writer({ rail: sepaInstant, ...SEPA_PAIN001, localInstrument: 'INST' }),
} satisfies BankRailFile<typeof sepaInstant>;
