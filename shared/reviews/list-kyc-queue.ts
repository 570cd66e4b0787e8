import { listCustomersOfOrganization } from '#shared/customers/repository.ts';
import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import { heldByScreening } from '#shared/reviews/awaiting-review.ts';
import { kycReviewsOf } from '#shared/reviews/repository.ts';
import { awaitsReview } from '#shared/reviews/review-rules.ts';
import { queueEntryView } from '#shared/reviews/review-views.ts';

/**
 * The customers whose KYC submission waits for the organization's reviewers, newest first, each with the verdict
 * waiting for a second reviewer, if any (one sanctions screening holds waits for the screening review instead).
 * Read from the organization's customers list, filtered in code (a page examines at most 1,000 customers, so it
 * may be short and still link to the next).
 */
export async function listKycQueue(
  deps: Pick<Deps, 'db'>,
  organizationId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<Page<ReturnType<typeof queueEntryView>>> {
  const held = await heldByScreening(deps, organizationId);
  const customers = await listCustomersOfOrganization(deps.db, organizationId, {
    limit: Math.min(page.limit, 100),
    cursor: page.cursor,
    matches: (customer) => awaitsReview(customer) && !held.customers.has(customer.customerId),
  });
  const reviews = await kycReviewsOf(deps.db, organizationId, customers.items);
  return {
    items: customers.items.map((customer) => queueEntryView(customer, reviews.get(customer.customerId))),
    nextCursor: customers.nextCursor,
  };
}
