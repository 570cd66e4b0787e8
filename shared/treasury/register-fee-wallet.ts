import type { Db } from '#shared/db/client.ts';
import { type Alongside, writeGuarded } from '#shared/db/guarded-write.ts';
import { readItem } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import type { Deps } from '#shared/deps.ts';
import { FieldError } from '#shared/errors.ts';
import type { Chain } from '#shared/money/chains.ts';
import { HEX_ADDRESS, toChecksumAddress } from '#shared/rails/chain/address.ts';
import { type FeeWalletRecord, FeeWalletRecordSchema } from '#shared/treasury/records.ts';
import type { FeeWallet } from '#shared/treasury/schemas.ts';

/**
 * The organization's own address on a chain, where its developer fees are withdrawn to: registered (or replaced) by a
 * console member or the operator, in one transaction with the audit entry the caller gives (`audited`), which names
 * the address before and after. A withdrawal takes the address registered when it is asked for.
 */
export async function registerFeeWallet(
  deps: Deps,
  input: { organizationId: string; chain: Chain; address: string; registeredBy: string },
  audited: Alongside,
): Promise<FeeWallet> {
  if (!HEX_ADDRESS.test(input.address) || /^0x0{40}$/i.test(input.address)) {
    throw new FieldError('address', 'Invalid Ethereum address format');
  }
  const before = await getFeeWallet(deps.db, input.organizationId, input.chain);
  const wallet: FeeWalletRecord = {
    organizationId: input.organizationId,
    chain: input.chain,
    address: toChecksumAddress(input.address),
    registeredBy: input.registeredBy,
    registeredAt: deps.clock.now().toISOString(),
  };
  const key = keys.feeWallet(input.organizationId, input.chain);
  await writeGuarded(deps.db, [
    {
      role: 'wallet',
      item: {
        Put: {
          TableName: deps.db.tableName,
          Item: { ...key, entity: 'FEEWALLET', ...wallet },
          // Replaces exactly the registration read, so the audit entry's "before" is the address replaced.
          ...(before
            ? { ConditionExpression: 'address = :before', ExpressionAttributeValues: { ':before': before.address } }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
    },
    ...audited(`fee-wallet:${input.chain}`, { before: before?.address ?? '', after: wallet.address }),
  ]);
  return {
    chain: wallet.chain,
    address: wallet.address,
    registeredBy: wallet.registeredBy,
    registeredAt: wallet.registeredAt,
  };
}

export const getFeeWallet = (db: Db, organizationId: string, chain: Chain) =>
  readItem(db, keys.feeWallet(organizationId, chain), (item) => FeeWalletRecordSchema.parse({ ...item }));
