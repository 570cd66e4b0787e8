import type { Db } from '#shared/db/client.ts';
import type { GuardedItem } from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import { refusal } from '#shared/errors.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * A final KYC rejection (a reviewer's `FINAL`, as providers answer `reviewRejectType: FINAL`): the customer is not
 * verified again, so starting, submitting and uploading for KYC are refused for good. A `RETRY` rejection leaves no
 * mark: the customer tries again as before.
 */
export const KYC_REJECTED_FOR_GOOD = refusal(409, 'Customer KYC was rejected for good and cannot be submitted again');

const FinalRejectionSchema = z.object({ reason: z.string(), rejectedAt: z.string() });

/** The mark, for the transaction that records the final decision. Written once (a second final decision loses). */
export function finalRejectionPut(
  db: Db,
  input: { organizationId: string; customerId: string; reason: string; at: string },
): GuardedItem<'finalRejection'> {
  return {
    role: 'finalRejection',
    item: {
      Put: {
        TableName: db.tableName,
        Item: {
          ...keys.kycFinalRejection(input.organizationId, input.customerId),
          entity: 'KYCFINAL',
          reason: input.reason,
          rejectedAt: input.at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
}

export async function refuseAfterFinalRejection(db: Db, organizationId: string, customerId: string): Promise<void> {
  const mark = await readItem(db, keys.kycFinalRejection(organizationId, customerId), (item) =>
    FinalRejectionSchema.parse(item),
  );
  if (mark) throw KYC_REJECTED_FOR_GOOD.error();
}
