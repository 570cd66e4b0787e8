import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type BankRecord, BankRecordSchema } from '#shared/banks/bank-record.ts';
import type { Db } from '#shared/db/client.ts';
import { keys } from '#shared/db/keys.ts';

const BANK_ATTRIBUTES = Object.keys(BankRecordSchema.shape);

export const parseBank = (item: Record<string, unknown>): BankRecord =>
  BankRecordSchema.parse(Object.fromEntries(BANK_ATTRIBUTES.map((name) => [name, item[name]])));

/** A bank of this customer of this organization; another customer's bank is simply not found here. */
export async function getBankOfCustomer(
  db: Db,
  organizationId: string,
  customerId: string,
  bankId: string,
): Promise<BankRecord | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: keys.bank(organizationId, customerId, bankId),
      ConsistentRead: true,
    }),
  );
  return Item ? parseBank(Item) : undefined;
}
