import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BankChannel, type ChannelScope, folderChannel } from '#shared/rails/bank/channel.ts';
import { SANDBOX_DEBTORS } from '#shared/rails/bank/payment-file.ts';
import { writeCamt054, writePain002 } from '#shared/rails/bank/report-writer.ts';
import { nachaEndToEndIds } from '#test/support/rails/nacha-layout.ts';

const roots = new WeakMap<BankChannel, string>();

/** A bank channel of the test's own, in a fresh folder. */
export const freshChannel = (): BankChannel => {
  const root = mkdtempSync(join(tmpdir(), 'payouts-bank-test-'));
  const channel = folderChannel(root);
  roots.set(channel, root);
  return channel;
};

/** The folder of a channel made by `freshChannel`. */
export function channelRoot(channel: BankChannel): string {
  const root = roots.get(channel);
  if (!root) throw new Error('Not a channel of freshChannel()');
  return root;
}

const readdirOrNone = (path: string) => readdir(path).catch(() => [] as string[]);

/**
 * Every outbox of a `freshChannel` at once (each environment's, each organization's), by file name: for tests that
 * look at what a run wrote, whoever it was written for.
 */
export function everyOutbox(channel: BankChannel) {
  const root = channelRoot(channel);
  const scopes = async () => {
    const found: ChannelScope[] = [];
    for (const environment of ['sandbox', 'live'] as const) {
      for (const organizationId of await readdirOrNone(join(root, environment))) {
        found.push({ environment, organizationId });
      }
    }
    return found;
  };
  const list = async () => {
    const named: { scope: ChannelScope; name: string }[] = [];
    for (const scope of await scopes()) {
      for (const name of await channel.listOutbox(scope)) named.push({ scope, name });
    }
    return named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  };
  return {
    list: async () => (await list()).map(({ name }) => name),
    read: async (name: string) => {
      const found = (await list()).find((file) => file.name === name);
      return found && channel.readOutbox(found.scope, name);
    },
  };
}

/** The end-to-end ids of a payment file (a pain.001, or a NACHA file's entries), in order. */
export const endToEndIdsOf = (file: string) =>
  file.startsWith('101')
    ? nachaEndToEndIds(file)
    : [...file.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]);

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now()}-${++sequence}`;

/** A payout as a report names it: its reference, and the amount and currency the bank paid. */
export type Reported = { reference: string; targetAmount: string; targetCurrency: string };

/** The sandbox bank's EUR debtor account: the account the sandbox's EUR payment files are paid from. */
export const SANDBOX_EUR_ACCOUNT = { iban: SANDBOX_DEBTORS.EUR.iban };

/** A camt.054 booking each payout as a debit on `bookingDate`, from `account` (the payment file's debtor). */
export const bookedReport = (
  payouts: Reported[],
  bookingDate = '2026-11-23',
  account: { iban: string } | { accountNumber: string } = SANDBOX_EUR_ACCOUNT,
) =>
  writeCamt054({
    messageId: nextId('BOOKED'),
    createdAt: new Date().toISOString(),
    account,
    rail: null,
    entries: payouts.map((payout) => ({
      endToEndId: payout.reference,
      amount: payout.targetAmount,
      currency: payout.targetCurrency,
      bookingDate,
    })),
  });

/** A camt.054 crediting each payout back with return information (`code`, AC04 by default): a return after booking. */
export const returnedReport = (
  payouts: Reported[],
  code = 'AC04',
  account: { iban: string } | { accountNumber: string } = SANDBOX_EUR_ACCOUNT,
) =>
  writeCamt054({
    messageId: nextId('RETURNED'),
    createdAt: new Date().toISOString(),
    account,
    rail: null,
    entries: payouts.map((payout) => ({
      endToEndId: payout.reference,
      amount: payout.targetAmount,
      currency: payout.targetCurrency,
      bookingDate: '2026-11-25',
      returnReason: { code },
    })),
  });

/** A pain.002 rejecting each reference with AC04, in the file `originalMessageId` (`NOTPROVIDED`: naming none). */
export const rejectedReport = (references: string[], originalMessageId: string) =>
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
