import { randomInt } from 'node:crypto';
import {
  CustomerStateChangedError,
  changeKycStatus,
  DepositReferenceTakenError,
  getCustomer,
  insertCustomer,
  listCustomersOfOrganization,
} from '#shared/customers/repository.ts';
import {
  type Address,
  type CreateCustomerInput,
  type Customer,
  type CustomerRecord,
  toCustomer,
} from '#shared/customers/schemas.ts';
import type { Page } from '#shared/db/pagination.ts';
import type { Deps } from '#shared/deps.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '#shared/errors.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { newId, randomBase62 } from '#shared/ids.ts';

const REFERENCE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const newDepositReference = () =>
  Array.from({ length: 10 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');

/** The sample identity a sandbox KYC approval uses when the caller gives none. */
export const SANDBOX_SAMPLE_ADDRESS: Address = {
  addressLine1: 'Friedrichstraße 123',
  city: 'Berlin',
  country: 'DE',
  postalCode: '10117',
};

export async function createCustomer(
  deps: Deps,
  input: CreateCustomerInput & { organizationId: string },
): Promise<Customer> {
  const now = deps.clock.now();
  const customerId = newId();
  const record: CustomerRecord = {
    customerId,
    organizationId: input.organizationId,
    name: input.name,
    email: input.email,
    accountType: input.accountType,
    expectedMonthlyVolume: input.expectedMonthlyVolume ?? null,
    kycStatus: 'NOT_STARTED',
    verifiedName: null,
    // Individuals' addresses come from KYC; a corporate's registered address may be given up front.
    address: input.accountType === 'corporate' ? (input.address ?? null) : null,
    depositReference: newDepositReference(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    version: 1,
  };
  const event = eventRecord({
    organizationId: input.organizationId,
    type: 'customer.created',
    data: { customer_id: customerId },
    now,
  });
  for (let attempt = 1; ; attempt++) {
    try {
      await insertCustomer(deps.db, record, event);
      return toCustomer(record);
    } catch (error) {
      if (!(error instanceof DepositReferenceTakenError) || attempt >= 3) throw error;
      record.depositReference = newDepositReference();
    }
  }
}

/** The customer of this organization, or the contract's 404: another organization's customer is a missing one. */
export async function requireCustomer(deps: Deps, organizationId: string, customerId: string): Promise<CustomerRecord> {
  const customer = await getCustomer(deps.db, organizationId, customerId);
  if (!customer) throw new NotFoundError('Customer not found');
  return customer;
}

export async function listCustomers(
  deps: Deps,
  input: { organizationId: string; limit: number; cursor?: string | undefined },
): Promise<Page<Customer>> {
  const page = await listCustomersOfOrganization(deps.db, input.organizationId, input);
  return { items: page.items.map(toCustomer), nextCursor: page.nextCursor };
}

/**
 * Starts (or restarts, after a rejection) KYC at the provider and returns the hosted flow link. An already
 * verified customer needs no link.
 */
export async function initiateKyc(
  deps: Deps,
  input: { organizationId: string; customerId: string },
): Promise<{ kycVerified: boolean; kycFlowLink: string | null }> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.accountType === 'corporate') {
    throw new BadRequestError('KYC link generation is not available for corporate customers');
  }
  if (customer.kycStatus === 'APPROVED') return { kycVerified: true, kycFlowLink: null };
  try {
    await changeKycStatus(deps.db, {
      customer,
      from: ['NOT_STARTED', 'PENDING', 'REJECTED'],
      to: 'PENDING',
      now: deps.clock.now(),
    });
  } catch (error) {
    if (!(error instanceof CustomerStateChangedError)) throw error;
    // Approved between our read and our write: the customer is verified, which is what the caller wants.
    const current = await requireCustomer(deps, input.organizationId, input.customerId);
    if (current.kycStatus === 'APPROVED') return { kycVerified: true, kycFlowLink: null };
    throw new ConflictError('Customer KYC status changed concurrently, please retry');
  }
  const session = randomBase62(24);
  const link = `${deps.config.kycFlowBaseUrl}/${customer.customerId}?session=${session}`;
  return { kycVerified: false, kycFlowLink: link };
}

export async function getKycAddress(
  deps: Deps,
  input: { organizationId: string; customerId: string },
): Promise<Address> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.kycStatus !== 'APPROVED' || !customer.address) {
    throw new ForbiddenError('Customer KYC verification must be completed before retrieving address');
  }
  return customer.address;
}

/** The KYC provider's verdict (sandbox: the sandbox routes; later: the provider callback). */
export async function approveKyc(
  deps: Deps,
  input: { organizationId: string; customerId: string; verifiedName?: string; address?: Address },
): Promise<Customer> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.kycStatus === 'APPROVED') throw new ConflictError('Customer KYC is already approved');
  const now = deps.clock.now();
  const identity = {
    verifiedName: input.verifiedName ?? customer.name,
    address: input.address ?? customer.address ?? SANDBOX_SAMPLE_ADDRESS,
  };
  const updated = await changeKycStatusOrConflict(deps, {
    customer,
    from: ['NOT_STARTED', 'PENDING', 'REJECTED'],
    to: 'APPROVED',
    identity,
    now,
    event: eventRecord({
      organizationId: input.organizationId,
      type: 'customer.kyc.approved',
      data: { customer_id: customer.customerId },
      now,
    }),
  });
  return toCustomer(updated);
}

export async function rejectKyc(deps: Deps, input: { organizationId: string; customerId: string }): Promise<Customer> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  if (customer.kycStatus === 'APPROVED') throw new ConflictError('Customer KYC is already approved');
  if (customer.kycStatus === 'REJECTED') throw new ConflictError('Customer KYC is already rejected');
  const now = deps.clock.now();
  const updated = await changeKycStatusOrConflict(deps, {
    customer,
    from: ['NOT_STARTED', 'PENDING'],
    to: 'REJECTED',
    now,
    event: eventRecord({
      organizationId: input.organizationId,
      type: 'customer.kyc.rejected',
      data: { customer_id: customer.customerId },
      now,
    }),
  });
  return toCustomer(updated);
}

async function changeKycStatusOrConflict(deps: Deps, input: Parameters<typeof changeKycStatus>[1]) {
  try {
    return await changeKycStatus(deps.db, input);
  } catch (error) {
    if (error instanceof CustomerStateChangedError) {
      throw new ConflictError('Customer KYC status changed concurrently, please retry');
    }
    throw error;
  }
}
