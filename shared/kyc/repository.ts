import type { Db } from '#shared/db/client.ts';
import { type GuardedItem, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { TABLE } from '#shared/db/table.ts';
import { type ApplicantLink, ApplicantLinkSchema, ProviderEventReceiptSchema } from '#shared/kyc/records.ts';
import * as z from '#shared/validation/zod.ts';

const parseLink = (item: Record<string, unknown>) => z.parse(ApplicantLinkSchema, item);

export function findApplicantOfCustomer(db: Db, organizationId: string, customerId: string, provider: string) {
  return readItem(db, keys.kycApplicantOfCustomer(organizationId, customerId, provider), parseLink);
}

export function findCustomerOfApplicant(db: Db, provider: string, applicantId: string) {
  return readItem(db, keys.kycApplicant(provider, applicantId), parseLink);
}

/**
 * Links the applicant to the customer, both ways, in one transaction. Only once: a second start (a retry, a
 * restart after rejection) finds the link; two racing starts got the same applicant from the provider (one per
 * `externalUserId`), so the loser's refusal changes nothing.
 */
export async function linkApplicant(db: Db, link: ApplicantLink): Promise<void> {
  const put = (key: Record<string, string>, role: string): GuardedItem<string> => ({
    role,
    item: {
      Put: {
        TableName: db.tableName,
        Item: { ...key, entity: 'KYCAPPLICANT', ...link },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  });
  try {
    await writeGuarded(db, [
      put(keys.kycApplicantOfCustomer(link.organizationId, link.customerId, link.provider), 'byCustomer'),
      put(keys.kycApplicant(link.provider, link.applicantId), 'byApplicant'),
    ]);
  } catch (error) {
    if (!(error instanceof WriteConditionFailedError)) throw error;
  }
}

export const PROVIDER_EVENT_ROLE = 'providerEvent';

/**
 * The receipt of a provider event, written with the change it makes: conditional on its absence, so the same
 * event applied twice fails as `WriteConditionFailedError` with role `providerEvent` and changes nothing. Expires
 * once a copy would be refused as too old anyway.
 */
export function providerEventReceipt(
  db: Db,
  input: { provider: string; eventId: string; applicantId: string; kind: string; now: Date; keepSeconds: number },
): GuardedItem<typeof PROVIDER_EVENT_ROLE> {
  const receipt = z.parse(ProviderEventReceiptSchema, {
    provider: input.provider,
    eventId: input.eventId,
    applicantId: input.applicantId,
    kind: input.kind,
    receivedAt: input.now.toISOString(),
  });
  return {
    role: PROVIDER_EVENT_ROLE,
    item: {
      Put: {
        TableName: db.tableName,
        Item: {
          ...keys.kycProviderReceipt(input.provider, input.eventId),
          entity: 'KYCEVENT',
          ...receipt,
          [TABLE.ttlAttribute]: Math.floor(input.now.getTime() / 1000) + input.keepSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

export async function hasProviderEvent(db: Db, provider: string, eventId: string): Promise<boolean> {
  return (await readItem(db, keys.kycProviderReceipt(provider, eventId), () => true)) === true;
}
