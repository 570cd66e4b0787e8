import { assertMayTransact } from '#shared/customers/customer-rules.ts';
import { requireCustomer } from '#shared/customers/require-customer.ts';
import type { VirtualAccountRecord } from '#shared/deposits/records.ts';
import { insertVirtualAccount, VirtualAccountExistsError } from '#shared/deposits/virtual-account-repository.ts';
import { VIRTUAL_ACCOUNT_EXISTS, type Where } from '#shared/deposits/virtual-account-rules.ts';
import {
  toVirtualAccount,
  type VirtualAccount,
  virtualAccountEventData,
} from '#shared/deposits/virtual-account-view.ts';
import type { Deps } from '#shared/deps.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { newId } from '#shared/ids.ts';

/**
 * Requests a USD or EUR virtual account: PENDING until the provider (sandbox: the sandbox route) opens it;
 * `virtual_account.created` is written with it.
 */
export async function requestVirtualAccount(
  deps: Deps,
  input: Where & { currency: VirtualAccountRecord['currency'] },
): Promise<VirtualAccount> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  assertMayTransact(customer);
  const now = deps.clock.now();
  const at = now.toISOString();
  const account: VirtualAccountRecord = {
    virtualAccountId: newId(),
    organizationId: input.organizationId,
    customerId: input.customerId,
    currency: input.currency,
    status: 'PENDING',
    iban: null,
    bic: null,
    bankName: null,
    bankAddress: null,
    bankCountry: null,
    accountName: customer.verifiedName ?? customer.name,
    holderAddress: customer.address,
    holderNationality: customer.nationality,
    holderDateOfBirth: customer.dateOfBirth,
    createdAt: at,
    updatedAt: at,
    activatedAt: null,
    rejectionReason: null,
  };
  try {
    const event = eventRecord({
      organizationId: input.organizationId,
      type: 'virtual_account.created',
      data: virtualAccountEventData(account),
      now,
    });
    await insertVirtualAccount(deps.db, account, event);
  } catch (error) {
    if (error instanceof VirtualAccountExistsError) {
      throw VIRTUAL_ACCOUNT_EXISTS.error(input.currency);
    }
    throw error;
  }
  return toVirtualAccount(account);
}
