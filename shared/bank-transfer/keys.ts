import type { Key, KeySpace } from '#shared/db/table-keys.ts';

/** The bank transfer: how each live payout account's files reach its bank, and what moved. */
export const bankTransferKeys = {
  /** A payout account's SFTP connection; all of them under one partition, so the mover lists them in one query. */
  sftpChannel: (organizationId: string, currency: string): Key => ({
    pk: 'BANKTRANSFER#SFTP',
    sk: `${organizationId}#${currency}`,
  }),
  sftpChannels: () => ({ pk: 'BANKTRANSFER#SFTP' }),
  /** A connection's last run of the mover, beside the others' (what the doctor reads). */
  moverRun: (organizationId: string, currency: string): Key => ({
    pk: 'BANKTRANSFER#RUN',
    sk: `${organizationId}#${currency}`,
  }),
  moverRuns: () => ({ pk: 'BANKTRANSFER#RUN' }),
  /** A payment file handed to its bank: written once, so a file is recorded delivered exactly once. */
  fileDelivered: (organizationId: string, name: string): Key => ({
    pk: `ORG#${organizationId}#BANKDELIVERY#${name}`,
    sk: 'BANKDELIVERY',
  }),
  /** A report taken from a bank, by its name there and its content's SHA-256: taken into the inbox once. */
  reportDownloaded: (organizationId: string, name: string, sha256: string): Key => ({
    pk: `ORG#${organizationId}#BANKDOWNLOAD#${sha256}`,
    sk: `BANKDOWNLOAD#${name}`,
  }),
  /**
   * What the mover last saw of a report at the bank under its name (size, time, hash): a report seen before is not
   * read again while it stays as it was.
   */
  reportSeen: (organizationId: string, name: string): Key => ({
    pk: `ORG#${organizationId}#BANKSEEN#${name}`,
    sk: 'BANKSEEN',
  }),
} as const;

export const BANK_TRANSFER_KEY_SPACES: KeySpace[] = [
  { pk: 'BANKTRANSFER#' },
  { pk: 'ORG#{}#BANKDELIVERY#' },
  { pk: 'ORG#{}#BANKDOWNLOAD#' },
  { pk: 'ORG#{}#BANKSEEN#' },
];
