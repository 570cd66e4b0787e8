import { listCustomersOfOrganization } from '#shared/customers/repository.ts';
import { type Customer, customerMatches, toCustomer } from '#shared/customers/schemas.ts';
import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';

export async function listCustomers(
  deps: Deps,
  input: { organizationId: string; limit: number; cursor?: string | undefined; search?: string | undefined },
): Promise<Page<Customer>> {
  const { search, ...rest } = input;
  const page = await listCustomersOfOrganization(deps.db, input.organizationId, {
    ...rest,
    matches: search === undefined ? undefined : customerMatches(search),
  });
  return { items: page.items.map(toCustomer), nextCursor: page.nextCursor };
}
