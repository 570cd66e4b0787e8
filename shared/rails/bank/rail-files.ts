import { achFile } from '#shared/rails/bank/ach/file.ts';
import { fedwireFile } from '#shared/rails/bank/fedwire/file.ts';
import type { PaymentFile } from '#shared/rails/bank/payment-file.ts';
import type { BankRailFile, FileContext, RailName } from '#shared/rails/bank/rail.ts';
import type { RAILS } from '#shared/rails/bank/rails.ts';
import { sepaFile } from '#shared/rails/bank/sepa/file.ts';
import { sepaInstantFile } from '#shared/rails/bank/sepa-instant/file.ts';
import { swiftFile } from '#shared/rails/bank/swift/file.ts';

/**
 * Each rail's writers by name, the other half of its folder (`rail.ts`): only the batcher and the prenote sender write
 * files, and the rails are read by every bank, transaction and console function, which would otherwise carry the
 * writers and the XML builder. The mapped type refuses a rail without its writer, and a prenote writer on a rail
 * that sends no prenotes (or none on one that does).
 */
export const RAIL_FILES = {
  SEPA: sepaFile,
  SEPA_INSTANT: sepaInstantFile,
  FEDWIRE: fedwireFile,
  ACH: achFile,
  SWIFT: swiftFile,
} as const satisfies { [Name in RailName]: BankRailFile<(typeof RAILS)[Name]> };

export const railFilesNamed = (name: RailName): BankRailFile => RAIL_FILES[name];

/** The file of `rail` holding `file`'s payments. */
export const writeRailFile = (rail: RailName, file: PaymentFile, context: FileContext): string =>
  RAIL_FILES[rail].write(file, context);
