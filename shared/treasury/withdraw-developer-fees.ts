import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { keys } from '#shared/db/keys.ts';
import type { Deps } from '#shared/deps.ts';
import { BadRequestError } from '#shared/errors.ts';
import type { Chain } from '#shared/money/chains.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { getFeeWallet } from '#shared/treasury/register-fee-wallet.ts';
import { newTreasurySend } from '#shared/treasury/request-treasury-send.ts';
import { type TreasurySend, toSendView } from '#shared/treasury/schemas.ts';
import { INSUFFICIENT_CUSTODIAL_BALANCE, NO_FEE_WALLET } from '#shared/treasury/treasury-rules.ts';

/**
 * The organization withdraws USDC of its custodial balance (its claimed developer fees, `GET /balances`) to its
 * registered wallet on a chain: the amount leaves the balance (guarded: never below zero, so two racing withdrawals
 * cannot both take it) in one transaction with the treasury send that pays it out. The send is the withdrawal's
 * record: its status, `txHash` and block are the withdrawal's.
 */
export async function withdrawDeveloperFees(
  deps: Deps,
  input: { organizationId: string; chain: Chain; amount: string; requestedBy: string },
): Promise<TreasurySend> {
  const valid = /^\d{1,12}(\.\d{1,6})?$/.test(input.amount) && toMicro(input.amount) > 0n;
  if (!valid) throw new BadRequestError('amount: Must be a positive USDC amount with at most 6 decimals');
  const amount = toMicro(input.amount);
  const [organization, wallet] = await Promise.all([
    getOrganization(deps.db, input.organizationId),
    getFeeWallet(deps.db, input.organizationId, input.chain),
  ]);
  if (!organization) throw new BadRequestError('organization not found');
  if (!wallet) throw NO_FEE_WALLET.error(input.chain);
  const { send, item } = newTreasurySend(deps, organization, {
    purpose: 'DEVELOPER_FEE_WITHDRAWAL',
    chain: input.chain,
    destination: wallet.address,
    amountMicro: amount,
    travelRule: null,
    requestedBy: input.requestedBy,
  });
  const debit = {
    role: 'balance',
    item: {
      Update: {
        TableName: deps.db.tableName,
        Key: keys.organizationBalance(input.organizationId),
        UpdateExpression: 'ADD available :minus SET updatedAt = :now',
        // Never below zero: the balance holds the amount, or nothing is written.
        ConditionExpression: 'available >= :amount',
        ExpressionAttributeValues: {
          ':minus': NumberValue.from(`${-amount}`),
          ':amount': NumberValue.from(`${amount}`),
          ':now': send.createdAt,
        },
      },
    },
  };
  try {
    await writeGuarded(deps.db, [debit, item]);
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'balance') {
      throw INSUFFICIENT_CUSTODIAL_BALANCE.error();
    }
    throw error;
  }
  return toSendView(send, formatMicro(send.amountMicro));
}
