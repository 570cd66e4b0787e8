import type { ConsoleTransaction, ExportRow } from '#shared/console/transaction-view-schemas.ts';
import type { Db } from '#shared/db/client.ts';
import { readItems } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import * as z from '#shared/validation/zod.ts';

/** What the console's transaction views add to a transaction: the customer's name and the account, masked. */

/** BatchGetItem takes at most 100 keys. */
const BATCH = 100;
const NamedSchema = z.object({ name: z.string() });

/** The names of the customers of `records`, by id (a customer gone since: absent). */
export async function customerNames(
  db: Db,
  organizationId: string,
  records: { customerId: string }[],
): Promise<Map<string, string>> {
  const ids = [...new Set(records.map((record) => record.customerId))];
  const names = new Map<string, string>();
  for (let start = 0; start < ids.length; start += BATCH) {
    const chunk = ids.slice(start, start + BATCH);
    const read = await readItems(
      db,
      Object.fromEntries(
        chunk.map((id) => [
          id,
          {
            key: keys.customer(organizationId, id),
            parse: (item: Record<string, unknown>) => NamedSchema.parse(item).name,
          },
        ]),
      ),
      { consistent: false },
    );
    for (const [id, name] of Object.entries(read)) if (typeof name === 'string') names.set(id, name);
  }
  return names;
}

/** `DE89370400440532013000` -> `DE89 … 3000`; an account number -> `… 6789`: enough to recognise, not to pay. */
export function maskAccount(bank: TransactionRecord['withdrawalBank']): string | null {
  if (!bank) return null;
  if (bank.iban) return `${bank.iban.slice(0, 4)} … ${bank.iban.slice(-4)}`;
  if (bank.accountNumber) return `… ${bank.accountNumber.slice(-4)}`;
  return null;
}

export const toConsoleTransaction = (record: TransactionRecord, names: Map<string, string>): ConsoleTransaction => ({
  ...toTransaction(record),
  customerName: names.get(record.customerId) ?? null,
  maskedAccount: maskAccount(record.withdrawalBank),
});

/** The date part of the booking (`completedAt` of a booked payout is the camt.054's booking date). */
const bookingDateOf = (record: TransactionRecord) =>
  record.type === 'WITHDRAWAL' && record.status === 'COMPLETED' && record.completedAt
    ? record.completedAt.slice(0, 10)
    : null;

export function toExportRow(record: TransactionRecord, names: Map<string, string>): ExportRow {
  const view = toConsoleTransaction(record, names);
  return {
    reference: view.reference,
    transactionId: view.id,
    type: view.type,
    status: view.status,
    createdAt: view.createdAt,
    createdByApiKey: record.createdBy?.hint ?? null,
    createdByApiKeyId: record.createdBy?.apiKeyId ?? null,
    customerId: view.customerId,
    customerName: view.customerName,
    beneficiary: view.withdrawalBank?.beneficiaryName ?? null,
    account: view.maskedAccount,
    bic: view.withdrawalBank?.bic ?? null,
    sourceAmount: view.sourceAmount,
    sourceCurrency: view.sourceCurrency,
    targetAmount: view.targetAmount,
    targetCurrency: view.targetCurrency,
    fee: view.fee,
    exchangeRate: view.exchangeRate,
    paymentRail: view.paymentRail,
    paymentFileMessageId: record.paymentFileId ?? null,
    bookingDate: bookingDateOf(record),
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
