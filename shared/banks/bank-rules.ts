import { payeeEventData } from '#shared/banks/payee-rules.ts';
import type { BankRecord, BankStatus } from '#shared/banks/records.ts';
import { getBankOfCustomer } from '#shared/banks/repository.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import type { Db } from '#shared/db/client.ts';
import { refusal } from '#shared/errors.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import type { Transition } from '#shared/events/status-change.ts';
import { listWalletsOfCustomer } from '#shared/wallets/repository.ts';

export const BANK_NOT_FOUND = refusal(404, 'Withdrawal bank not found');
/** One bank per account and customer. */
/** A second bank for the same account: the existing one's id, so a retried create can carry on with it. */
export const BANK_EXISTS = refusal(
  409,
  (bankId: string) =>
    `A withdrawal bank with these account details already exists: ${bankId} (use its id, or GET .../withdrawal/banks)`,
  '5f2b8c1e-7d4a-4e3b-9c6f-1a2b3c4d5e6f',
);
/** Only a PENDING bank gets a verdict. */
export const BANK_NOT_PENDING = refusal(
  409,
  (verb: 'approved' | 'rejected', status: BankStatus) =>
    `Only a PENDING withdrawal bank can be ${verb}; this one is ${status}`,
  'approved',
  'ACTIVE',
);

export type Where = { organizationId: string; customerId: string };

/** An operator's verdicts on a bank, as data: only a PENDING bank is decided, once. */
export const BANK_TRANSITIONS = {
  approve: { from: ['PENDING'], to: 'ACTIVE', event: 'withdrawal_bank.approved' },
  reject: { from: ['PENDING'], to: 'REJECTED', event: 'withdrawal_bank.rejected' },
} as const satisfies Record<string, Transition<BankStatus>>;

export function bankEvent(bank: BankRecord, type: `withdrawal_bank.${'created' | 'approved' | 'rejected'}`, now: Date) {
  return eventRecord({
    organizationId: bank.organizationId,
    type,
    data: {
      customer_id: bank.customerId,
      withdrawal_bank_id: bank.bankId,
      status: bank.status,
      ...(bank.rejectionReason ? { reason: bank.rejectionReason } : {}),
      ...payeeEventData(bank.payeeVerification),
    },
    now,
  });
}

/** The bank with its wallets; a missing customer and a missing bank answer their own 404s. */
export async function requireBank(db: Db, where: Where & { bankId: string }) {
  const [bank, wallets] = await Promise.all([
    getBankOfCustomer(db, where.organizationId, where.customerId, where.bankId),
    listWalletsOfCustomer(db, where.organizationId, where.customerId, { withdrawalBankId: where.bankId }),
  ]);
  if (bank) return { bank, wallets };
  // A bank lives in its customer's partition, so only when it is missing is the customer worth a read.
  if (!(await getCustomer(db, where.organizationId, where.customerId))) throw CUSTOMER_NOT_FOUND.error();
  throw BANK_NOT_FOUND.error();
}
