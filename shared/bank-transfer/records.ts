import * as z from '#shared/validation/zod.ts';

/** A pinned host key as a known_hosts line: its type and the key, base64. */
export const HOST_KEY_LINE =
  /^(ssh-ed25519|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521|ssh-rsa) [A-Za-z0-9+/]+={0,2}$/;

const FOLDER = z.string().check(z.regex(/^\/?([A-Za-z0-9._-]+\/)*[A-Za-z0-9._-]*$/), z.maxLength(200));

/**
 * A payout account's host-to-host SFTP connection to its bank (one per organization and currency). Secrets are named,
 * never stored: `privateKeySecret` (our SSH key, OpenSSH or PEM), and for PGP `privateKeySecret` (our armored key)
 * and `passphraseSecret`, read through the secret store (AWS Secrets Manager).
 */
export const SftpChannelSchema = z.object({
  organizationId: z.string(),
  currency: z.enum(['EUR', 'USD']),
  host: z.string().check(z.minLength(1), z.maxLength(253)),
  port: z.number().check(z.int(), z.gte(1), z.lte(65535)),
  /** The bank's host key, pinned, as a known_hosts line keeps it: `ssh-ed25519 AAAA...`. Any other key is refused. */
  hostKey: z.string().check(z.regex(HOST_KEY_LINE)),
  user: z.string().check(z.minLength(1), z.maxLength(64)),
  privateKeySecret: z.string().check(z.minLength(1)),
  /** Where payment files are put and reports are taken from, on the bank's server. */
  uploadDir: FOLDER,
  downloadDir: FOLDER,
  /** Files encrypted to the bank's key and signed with ours; reports decrypted with ours and verified with the bank's. */
  pgp: z.optional(
    z.object({
      bankPublicKey: z.string().check(z.minLength(1)),
      privateKeySecret: z.string().check(z.minLength(1)),
      passphraseSecret: z.string().check(z.minLength(1)),
    }),
  ),
});
export type SftpChannel = z.infer<typeof SftpChannelSchema>;

/** A payment file handed to its bank, once. */
export const FileDeliveredSchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  /** The name on the bank's server (`.pgp` when encrypted). */
  remoteName: z.string(),
  sha256: z.string(),
  deliveredAt: z.string(),
});
export type FileDelivered = z.infer<typeof FileDeliveredSchema>;

/** A report taken from the bank into the inbox (or the quarantine), once per name and content. */
export const ReportDownloadedSchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  sha256: z.string(),
  /** Its name in the inbox, or in the quarantine when it failed decryption or verification. */
  storedAs: z.string(),
  quarantined: z.boolean(),
  downloadedAt: z.string(),
});
export type ReportDownloaded = z.infer<typeof ReportDownloadedSchema>;

/**
 * The mover runs every minute; a connection it has not run for this long is not a blip (the alarm
 * `BankTransferNotRun` fires after as long without any run, and the doctor says which connection).
 */
export const MOVER_SILENT_AFTER_MINUTES = 15;

/** A report at the bank as the mover last saw it, once it was taken (`downloadedAs`: its content's SHA-256). */
export const ReportSeenSchema = z.object({
  name: z.string(),
  size: z.number(),
  modifiedAt: z.number(),
  sha256: z.string(),
});
export type ReportSeen = z.infer<typeof ReportSeenSchema>;

/** A connection's last run of the mover: when, and whether it moved what it had to (else why not). */
export const MoverRunSchema = z.object({
  organizationId: z.string(),
  currency: z.enum(['EUR', 'USD']),
  lastRunAt: z.string(),
  /** The last run that ended without an error; absent until one did. */
  lastSucceededAt: z.optional(z.string()),
  /** Why the last run failed; absent when it succeeded. */
  lastError: z.optional(z.string()),
});
export type MoverRun = z.infer<typeof MoverRunSchema>;
