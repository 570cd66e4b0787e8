import { pain001Writer } from '#shared/rails/bank/pain001.ts';
import type { BankRailFile } from '#shared/rails/bank/rail.ts';
import { swift } from '#shared/rails/bank/swift/rail.ts';

/** pain.001 with the creditor agent by BIC, service level NURG (non-urgent), charges shared. */
export const swiftFile = {
  write: pain001Writer({
    rail: swift,
    serviceLevel: 'NURG',
    localInstrument: null,
    chargeBearer: 'SHAR',
    creditorAgent: 'BIC',
  }),
} satisfies BankRailFile<typeof swift>;
