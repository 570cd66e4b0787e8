import { fileIdModifierOf, writeNacha } from '#shared/rails/bank/ach/nacha.ts';
import type { ach } from '#shared/rails/bank/ach/rail.ts';
import type { BankRailFile } from '#shared/rails/bank/rail.ts';

/**
 * A NACHA file of credits, its effective entry date the file's settlement date, its file id modifier its number
 * among the originator's files of the day. Prenotes are the same file of zero-dollar entries; their modifier comes
 * from the minute they are sent (one prenote file per organization and run).
 */
export const achFile = {
  write: (file, { settlementDate, fileOfDay }) =>
    writeNacha(file, { effectiveDate: settlementDate, fileIdModifier: fileIdModifierOf(fileOfDay ?? 0) }),
  writePrenotes: (file, { createdAt, settlementDate }) =>
    writeNacha(file, {
      effectiveDate: settlementDate,
      fileIdModifier: (createdAt.getUTCMinutes() % 36).toString(36).toUpperCase(),
      prenote: true,
    }),
} satisfies BankRailFile<typeof ach>;
