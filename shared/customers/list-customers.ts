import { listCustomersOfOrganization } from '#shared/customers/repository.ts';
import { type Customer, toCustomer } from '#shared/customers/schemas.ts';
import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';

export async function listCustomers(
  deps: Deps,
  input: { organizationId: string; limit: number; cursor?: string | undefined },
): Promise<Page<Customer>> {
  const page = await listCustomersOfOrganization(deps.db, input.organizationId, input);
  return { items: page.items.map(toCustomer), nextCursor: page.nextCursor };
}
