import { customerNames } from '#shared/console/common/customer-names.ts';
import { listVirtualAccountsAwaitingReview } from '#shared/deposits/review-queue.ts';
import { getVirtualAccountOfCustomer } from '#shared/deposits/virtual-account-repository.ts';
import type { Deps } from '#shared/deps.ts';
import { MAX_LISTED } from '#shared/reviews/awaiting-review.ts';

/** The virtual accounts requested and waiting for the organization's review, oldest first. */
export async function listVirtualAccountQueue(deps: Pick<Deps, 'db'>, organizationId: string) {
  const entries = await listVirtualAccountsAwaitingReview(deps.db, organizationId, MAX_LISTED);
  const [accounts, names] = await Promise.all([
    Promise.all(
      entries.map((e) => getVirtualAccountOfCustomer(deps.db, organizationId, e.customerId, e.virtualAccountId)),
    ),
    customerNames(deps.db, organizationId, entries),
  ]);
  return accounts.flatMap((account) =>
    account?.status === 'PENDING'
      ? [
          {
            virtualAccountId: account.virtualAccountId,
            customerId: account.customerId,
            customerName: names.get(account.customerId) ?? null,
            accountName: account.accountName ?? null,
            currency: account.currency,
            createdAt: account.createdAt,
          },
        ]
      : [],
  );
}
