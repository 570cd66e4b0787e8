import { type Key, type KeySpace, listSortKey } from '#shared/db/table-keys.ts';

/**
 * Money paid in by bank transfer: one item per booking of the bank (platform-wide: a booking is the bank's, whichever
 * organization it turns out to be for), listed while it waits in a suspense queue (gsi1) and while its on-ramp
 * deposit awaits an onward send to a destination wallet (gsi3).
 */
export const bankCreditKeys = {
  /** `bookingId`: a digest of the account and the bank's reference of the booking (`booking-id.ts`). */
  booking: (bookingId: string): Key => ({ pk: `BANKCREDIT#${bookingId}`, sk: 'BANKCREDIT' }),
  /** The queue a credit nobody could be matched to waits in: an organization's, or the platform's (`PLATFORM`). */
  suspenseEntry: (queue: string, bookedAt: string, bookingId: string) => ({
    gsi1pk: `BANKCREDITS#${queue}#SUSPENSE`,
    gsi1sk: listSortKey(bookedAt, bookingId),
  }),
  suspenseOf: (queue: string) => ({ gsi1pk: `BANKCREDITS#${queue}#SUSPENSE` }),
  /** Deposits credited from a bank transfer whose USDC may still have to be sent on (the treasury's sends read it). */
  awaitingSendEntry: (bookedAt: string, bookingId: string) => ({
    gsi3pk: 'BANKCREDITS#AWAITINGSEND',
    gsi3sk: listSortKey(bookedAt, bookingId),
  }),
  awaitingSend: () => ({ gsi3pk: 'BANKCREDITS#AWAITINGSEND' }),
} as const;

export const BANK_CREDIT_KEY_SPACES: KeySpace[] = [
  { pk: 'BANKCREDIT#' },
  { gsi1pk: 'BANKCREDITS#' },
  { gsi3pk: 'BANKCREDITS#' },
];
