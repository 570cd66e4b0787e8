import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BankChannel, folderChannel } from '#shared/rails/bank/channel.ts';
import { writeCamt054, writePain002 } from '#shared/rails/bank/report-writer.ts';
import { nachaEndToEndIds } from '#test/support/rails/nacha-layout.ts';

/** A bank channel of the test's own, in a fresh folder. */
export const freshChannel = (): BankChannel => folderChannel(mkdtempSync(join(tmpdir(), 'payouts-bank-test-')));

/** The end-to-end ids of a payment file (a pain.001, or a NACHA file's entries), in order. */
export const endToEndIdsOf = (file: string) =>
  file.startsWith('101')
    ? nachaEndToEndIds(file)
    : [...file.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]);

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now()}-${++sequence}`;

/** A camt.054 booking each reference as a debit on `bookingDate`. */
export const bookedReport = (references: string[], bookingDate = '2026-11-23') =>
  writeCamt054({
    messageId: nextId('BOOKED'),
    createdAt: new Date().toISOString(),
    account: { iban: 'DE89370400440532013000' },
    entries: references.map((endToEndId) => ({ endToEndId, amount: '9.95', currency: 'EUR', bookingDate })),
  });

/** A pain.002 rejecting each reference with AC04. */
export const rejectedReport = (references: string[], originalMessageId = 'NOTPROVIDED') =>
  writePain002({
    messageId: nextId('STATUS'),
    createdAt: new Date().toISOString(),
    originalMessageId,
    paymentInfoId: `${originalMessageId}-1`,
    payments: references.map((endToEndId) => ({
      endToEndId,
      status: 'RJCT',
      reason: { code: 'AC04', text: 'Account closed' },
    })),
  });

/** A pain.002 rejecting a whole file. */
export const rejectedFileReport = (originalMessageId: string) =>
  writePain002({
    messageId: nextId('STATUS'),
    createdAt: new Date().toISOString(),
    originalMessageId,
    fileStatus: 'RJCT',
    fileReason: { code: 'AM04', text: 'Insufficient funds' },
    paymentInfoId: `${originalMessageId}-1`,
    payments: [],
  });
