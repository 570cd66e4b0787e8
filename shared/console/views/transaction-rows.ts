import { BATCH_GET_KEYS } from '#shared/console/common/customer-names.ts';
import type { ConsoleTransaction, ExportRow } from '#shared/console/views/transaction-view-schemas.ts';
import type { Db } from '#shared/db/client.ts';
import { readItems } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import type { RailName } from '#shared/rails/bank/rail.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { parseTransaction } from '#shared/transactions/transaction-repository.ts';
import * as z from '#shared/validation/zod.ts';

/** What the console's transaction views add to a transaction: the customer's name and the account, masked. */

const PointedSchema = z.object({ customerId: z.string() });

/**
 * The organization's transactions of `ids`, by id (one not of this organization, or gone: absent): their pointers,
 * then the transactions, each in BatchGetItems of 100.
 */
export async function transactionsByIds(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, TransactionRecord>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, TransactionRecord>();
  for (let start = 0; start < unique.length; start += BATCH_GET_KEYS) {
    const chunk = unique.slice(start, start + BATCH_GET_KEYS);
    const pointers = await readItems(
      db,
      Object.fromEntries(
        chunk.map((id) => [
          id,
          { key: keys.transactionPointer(organizationId, id), parse: (item) => PointedSchema.parse(item).customerId },
        ]),
      ),
      { consistent: false },
    );
    const located = Object.entries(pointers).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    if (located.length === 0) continue;
    const records = await readItems(
      db,
      Object.fromEntries(
        located.map(([id, customerId]) => [
          id,
          { key: keys.transaction(organizationId, customerId, id), parse: parseTransaction },
        ]),
      ),
      { consistent: false },
    );
    for (const record of Object.values(records))
      if (record) found.set(record.transactionId, record as TransactionRecord);
  }
  return found;
}

/** `DE89370400440532013000` -> `DE89 … 3000`; an account number -> `… 6789`: enough to recognise, not to pay. */
export function maskAccount(bank: TransactionRecord['withdrawalBank']): string | null {
  if (!bank) return null;
  if (bank.iban) return `${bank.iban.slice(0, 4)} … ${bank.iban.slice(-4)}`;
  if (bank.accountNumber) return `… ${bank.accountNumber.slice(-4)}`;
  return null;
}

/**
 * The rail a payout's money goes by: the one it was filed on (`settlementRail`), else, until it is filed, the one it
 * asked for or its bank's (the API's estimate takes the same). The bank's own rail (`paymentRail`, Compose's field)
 * differs for an ACH payout (a FEDWIRE bank) and a SEPA Instant one (a SEPA bank). Null for deposits.
 */
export function payoutRailOf(record: TransactionRecord): { rail: RailName; filed: boolean } | null {
  if (record.settlementRail) return { rail: record.settlementRail, filed: true };
  const asked = record.requestedPaymentRail ?? toTransaction(record).paymentRail;
  return asked ? { rail: asked, filed: false } : null;
}

export const toConsoleTransaction = (record: TransactionRecord, names: Map<string, string>): ConsoleTransaction => ({
  ...toTransaction(record),
  customerName: names.get(record.customerId) ?? null,
  maskedAccount: maskAccount(record.withdrawalBank),
  payoutRail: payoutRailOf(record),
});

/**
 * The date the bank booked the payout's debit (`completedAt` of a booked payout is the camt.054's booking date); a
 * payout returned after booking keeps it, so a statement's debit and the return's credit both find their row.
 */
export const bookingDateOf = (record: TransactionRecord) =>
  record.type === 'WITHDRAWAL' && record.completedAt && (record.status === 'COMPLETED' || record.returnedAt)
    ? record.completedAt.slice(0, 10)
    : null;

/**
 * How an export names the account: in full (`DE89370400440532013000`, for the roles allowed to export accounts), or
 * masked in plain ASCII (`DE89****3000`, `****6789`), which every spreadsheet reads the same.
 */
export type AccountForm = 'masked' | 'full';

function exportAccount(bank: TransactionRecord['withdrawalBank'], form: AccountForm): string | null {
  const account = bank?.iban ?? bank?.accountNumber ?? null;
  if (!account || form === 'full') return account;
  return bank?.iban ? `${account.slice(0, 4)}****${account.slice(-4)}` : `****${account.slice(-4)}`;
}

/** A key's hint as the keys page shows it (`sk_sandbox_…x9Qa`), in ASCII for a file: `sk_sandbox_...x9Qa`. */
const asciiHint = (hint: string | undefined) => (hint === undefined ? null : hint.replaceAll('…', '...'));

export function toExportRow(record: TransactionRecord, names: Map<string, string>, form: AccountForm): ExportRow {
  const view = toConsoleTransaction(record, names);
  return {
    reference: view.reference,
    transactionId: view.id,
    type: view.type,
    status: view.status,
    createdAt: view.createdAt,
    completedAt: view.completedAt,
    createdByApiKey: asciiHint(record.createdBy?.hint),
    createdByApiKeyId: record.createdBy?.apiKeyId ?? null,
    customerId: view.customerId,
    customerName: view.customerName,
    beneficiary: view.withdrawalBank?.beneficiaryName ?? null,
    account: exportAccount(record.withdrawalBank, form),
    bic: view.withdrawalBank?.bic ?? null,
    routingNumber: view.withdrawalBank?.routingNumber ?? null,
    sourceAmount: view.sourceAmount,
    sourceCurrency: view.sourceCurrency,
    targetAmount: view.targetAmount,
    targetCurrency: view.targetCurrency,
    fee: view.fee,
    exchangeRate: view.exchangeRate,
    bankRail: view.paymentRail,
    settlementRail: view.settlementRail,
    paymentFileMessageId: record.paymentFileId ?? null,
    bookingDate: bookingDateOf(record),
    returnedAt: record.returnedAt ?? null,
    txHash: view.txHash,
    failureReason: view.failureReason,
  };
}

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. A field a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@` first) gets a leading `'`, except numbers such as `-1.00`.
 */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (fields: (string | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
