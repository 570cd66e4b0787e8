import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { listCustomersOfOrganization } from '#shared/customers/repository.ts';
import type { Db } from '#shared/db/client.ts';
import { keys } from '#shared/db/keys.ts';
import { MAX_LIMIT } from '#shared/routing/schemas.ts';
import { listWalletsOfCustomer, walletListEntry } from '#shared/wallets/repository.ts';

/**
 * Operator: gives every wallet of the organization its entry in its customer's paged list (gsi1), which the list
 * route reads. Wallets stored before the list was paged carry none. Walks the organization's customers and each
 * customer's partition (no scan); safe to run again and beside live traffic.
 */
export async function indexOrganizationWallets(db: Db, organizationId: string) {
  let customers = 0;
  let wallets = 0;
  let cursor: string | undefined;
  do {
    const page = await listCustomersOfOrganization(db, organizationId, { limit: MAX_LIMIT, cursor });
    for (const customer of page.items) {
      customers += 1;
      for (const wallet of await listWalletsOfCustomer(db, organizationId, customer.customerId)) {
        const entry = walletListEntry(wallet);
        await db.client
          .send(
            new UpdateCommand({
              TableName: db.tableName,
              Key: keys.wallet(wallet.organizationId, wallet.customerId, wallet.walletId),
              UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk',
              // A wallet deleted meanwhile must not come back as a fragment.
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':pk': entry.gsi1pk, ':sk': entry.gsi1sk },
            }),
          )
          .catch((error: unknown) => {
            if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
          });
        wallets += 1;
      }
    }
    cursor = page.nextCursor;
  } while (cursor);
  return { organizationId, customers, wallets };
}
