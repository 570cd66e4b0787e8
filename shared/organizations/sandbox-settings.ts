import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';
import { readItem, type StoredItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * A sandbox organization's settings (`ORG#<org>` / `SANDBOX`): the fault switch of the sandbox payout start
 * and the fixed rates its quotes use.
 */

export const ExchangeRatesSchema = z.object({ EUR: z.string(), USD: z.string() });
export type ExchangeRates = z.infer<typeof ExchangeRatesSchema>;

const SandboxSettingsItemSchema = z.object({
  failNextExecutions: z._default(z.number().check(z.int()), 0),
  rateEUR: z.optional(z.string()),
  rateUSD: z.optional(z.string()),
});
export type SandboxSettings = { failNextExecutions: number; rates: Partial<ExchangeRates> };

const parseSandboxSettings = (item: StoredItem): SandboxSettings => {
  const parsed = SandboxSettingsItemSchema.parse(item);
  return {
    failNextExecutions: parsed.failNextExecutions,
    rates: { ...(parsed.rateEUR ? { EUR: parsed.rateEUR } : {}), ...(parsed.rateUSD ? { USD: parsed.rateUSD } : {}) },
  };
};
/** Settings never stored: no armed faults, the configured rates. */
export const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = { failNextExecutions: 0, rates: {} };

/** What a batch read (`readItems`) needs to read the sandbox settings beside other items. */
export const sandboxSettingsRead = (organizationId: string) => ({
  key: keys.sandboxSettings(organizationId),
  parse: parseSandboxSettings,
});

/** A sandbox organization's settings (its rates, armed faults); inbound deposits quote their forwarding with them. */
export const getSandboxSettings = async (db: Db, organizationId: string) =>
  (await readItem(db, keys.sandboxSettings(organizationId), parseSandboxSettings)) ?? DEFAULT_SANDBOX_SETTINGS;

export async function setFailNextExecutions(db: Db, organizationId: string, count: number, now: string) {
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.sandboxSettings(organizationId),
      UpdateExpression: 'SET failNextExecutions = :count, entity = :entity, updatedAt = :now',
      ExpressionAttributeValues: { ':count': count, ':entity': 'SANDBOX_SETTINGS', ':now': now },
    }),
  );
}

/** Takes one armed fault, if any is left: true when this execution must fail. */
export async function consumeFault(db: Db, organizationId: string): Promise<boolean> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.sandboxSettings(organizationId),
        UpdateExpression: 'SET failNextExecutions = failNextExecutions - :one',
        // Each armed fault fails exactly one execution, however many run at once.
        ConditionExpression: 'failNextExecutions >= :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function setSandboxRates(db: Db, organizationId: string, rates: Partial<ExchangeRates>, now: string) {
  const sets = ['entity = :entity', 'updatedAt = :now'];
  const values: Record<string, unknown> = { ':entity': 'SANDBOX_SETTINGS', ':now': now };
  for (const currency of ['EUR', 'USD'] as const) {
    const rate = rates[currency];
    if (rate === undefined) continue;
    sets.push(`rate${currency} = :${currency}`);
    values[`:${currency}`] = rate;
  }
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.sandboxSettings(organizationId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return parseSandboxSettings(Attributes ?? {});
}
