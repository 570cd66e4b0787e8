import { randomInt } from 'node:crypto';
import { type CustomerRecord, NO_KYC_DOCUMENTS } from '#shared/customers/records.ts';
import { DepositReferenceTakenError, insertCustomer } from '#shared/customers/repository.ts';
import { type CreateCustomerInput, type Customer, toCustomer } from '#shared/customers/schemas.ts';
import type { Deps } from '#shared/deps.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import { newId } from '#shared/ids.ts';

const REFERENCE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const newDepositReference = () =>
  Array.from({ length: 10 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('');

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
    kycAttempts: 0,
    kycInReview: false,
    enabled: true,
    kycLevel: 'customers-api-basic',
    kycDocuments: NO_KYC_DOCUMENTS,
    developerSpreadFeeBps: 0,
    developerFeesUpdatedAt: null,
    verifiedName: null,
    nationality: null,
    dateOfBirth: null,
    verifiedCompany: null,
    kycRejection: null,
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
