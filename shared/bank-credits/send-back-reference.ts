/**
 * The end-to-end id of a payment sending a bank credit back to its payer: `SB-` and its booking's id (cut to fit
 * the 35 characters of ISO 20022). The bank's booking of it names no withdrawal, so the payout reports pass it by.
 */
const PREFIX = 'SB-';

export const sendBackReference = (bookingId: string) => `${PREFIX}${bookingId}`.slice(0, 35);

export const isSendBackReference = (endToEndId: string) => endToEndId.startsWith(PREFIX);
