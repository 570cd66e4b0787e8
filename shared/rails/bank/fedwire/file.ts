import { fedwire } from '#shared/rails/bank/fedwire/rail.ts';
import { pain001Writer } from '#shared/rails/bank/pain001.ts';
import type { BankRailFile } from '#shared/rails/bank/rail.ts';

/** pain.001 with agents by ABA routing number, service level URGP (urgent), charges shared. */
export const fedwireFile = {
  write: pain001Writer({
    rail: fedwire,
    serviceLevel: 'URGP',
    localInstrument: null,
    chargeBearer: 'SHAR',
    creditorAgent: 'ABA',
  }),
} satisfies BankRailFile<typeof fedwire>;
