import { fileIdModifierOf, writeNacha } from '#shared/rails/bank/nacha.ts';
import { type Pain001Profile, writePain001 } from '#shared/rails/bank/pain001.ts';
import type { PaymentFile, PayoutAccount } from '#shared/rails/bank/payment-file.ts';
import type { RailName } from '#shared/rails/bank/rails.ts';

/**
 * Each rail's file writer, beside its descriptor in `rails.ts` rather than inside it: only the batcher writes files,
 * and the descriptors are read by every bank, transaction and console function, which would otherwise carry the
 * writers and the XML builder. `satisfies Record<RailName, RailFileWriter>` refuses a rail without its writer.
 */

export type FileContext = {
  createdAt: Date;
  debtor: PayoutAccount;
  /** The file's settlement date from `railLanding` (the landing its payouts answer): an ACH file's effective entry date. */
  settlementDate: string;
  /** Which of the originator's files of the day this is (0-based; the first when not given), for a rail whose files are numbered per day. */
  fileOfDay?: number;
};

/** Writes the file in the rail's format (`RAILS[rail].file.format`), its execution date from the rail's calendar. */
export type RailFileWriter = (file: PaymentFile, context: FileContext) => string;

const pain001 =
  (profile: Pain001Profile): RailFileWriter =>
  (file) =>
    writePain001(file, profile);

const sepaProfile = (localInstrument: 'INST' | null): Pain001Profile => ({
  currencies: ['EUR'],
  serviceLevel: 'SEPA',
  localInstrument,
  chargeBearer: 'SLEV',
  creditorAccount: 'IBAN',
  creditorAgent: 'BIC_IF_KNOWN',
  structuredAddress: { debtor: false, creditor: false },
});

export const RAIL_FILE_WRITERS = {
  SEPA: pain001(sepaProfile(null)),
  SEPA_INSTANT: pain001(sepaProfile('INST')),
  FEDWIRE: pain001({
    currencies: ['USD'],
    serviceLevel: 'URGP',
    localInstrument: null,
    chargeBearer: 'SHAR',
    creditorAccount: 'OTHER',
    creditorAgent: 'ABA',
    structuredAddress: { debtor: true, creditor: true },
  }),
  ACH: (file, { settlementDate, fileOfDay }) =>
    writeNacha(file, { effectiveDate: settlementDate, fileIdModifier: fileIdModifierOf(fileOfDay ?? 0) }),
  SWIFT: pain001({
    currencies: ['USD', 'EUR'],
    serviceLevel: 'NURG',
    localInstrument: null,
    chargeBearer: 'SHAR',
    creditorAccount: 'IBAN_OR_OTHER',
    creditorAgent: 'BIC',
    structuredAddress: { debtor: false, creditor: true },
  }),
} as const satisfies Record<RailName, RailFileWriter>;

/** The file of `rail` holding `file`'s payments. */
export const writeRailFile = (rail: RailName, file: PaymentFile, context: FileContext): string =>
  RAIL_FILE_WRITERS[rail](file, context);
