import { requireCustomer } from '#shared/customers/create-customer.ts';
import {
  type GuardedItem,
  retryOnConflict,
  WriteConditionFailedError,
  writeGuarded,
} from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { NotFoundError } from '#shared/errors.ts';
import { formatMicro, toMicro } from '#shared/money/micro.ts';
import type { Organization } from '#shared/organizations/organization.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { allowanceWindow } from '#shared/withdrawals/allowance.ts';
import {
  allowanceResetItems,
  balanceWrites,
  type SandboxSettings,
  setFailNextExecutions,
  setSandboxRates,
} from '#shared/withdrawals/balance-repository.ts';
import { allowanceView } from '#shared/withdrawals/list-transactions.ts';
import { rateProviderFor } from '#shared/withdrawals/ports.ts';
import { createdEvent, newCompletedDeposit, toTransaction } from '#shared/withdrawals/records.ts';
import type { Allowance, ExchangeRates, Transaction } from '#shared/withdrawals/schemas.ts';
import {
  findTransactionPointer,
  findTransactionPointerById,
  transactionWrites,
} from '#shared/withdrawals/transaction-repository.ts';
import {
  approveWithdrawal,
  cancelWithdrawal,
  completeWithdrawal,
  expireWithdrawal,
  failWithdrawal,
  type TransactionLocator,
} from '#shared/withdrawals/transitions.ts';

/**
 * The sandbox's stand-ins for the outside world (API.md section 10) and the operator's approvals (section 12).
 * They change state only through the same transitions and ledger writes the live paths use.
 */

const TRANSACTION_NOT_FOUND = 'Transaction not found';

/** A transaction of this organization by id alone, through its pointer; another organization's is not found. */
async function locate(deps: Deps, organizationId: string, transactionId: string): Promise<TransactionLocator> {
  const pointer = await findTransactionPointer(deps.db, organizationId, transactionId);
  if (!pointer) throw new NotFoundError(TRANSACTION_NOT_FOUND);
  return pointer;
}

type SandboxTransaction = { organization: Organization; transactionId: string };

export async function approveTransaction(deps: Deps, input: SandboxTransaction & { approver: string }) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  return toTransaction(await approveWithdrawal(deps, input.organization, locator, input.approver));
}

export async function rejectTransaction(deps: Deps, input: SandboxTransaction & { approver?: string | undefined }) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  const by = input.approver?.toLowerCase() ?? 'sandbox';
  return toTransaction(await cancelWithdrawal(deps, locator, { trigger: 'reject', by }));
}

export async function completeTransaction(deps: Deps, input: SandboxTransaction) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  return toTransaction(await completeWithdrawal(deps, locator));
}

export async function failTransaction(deps: Deps, input: SandboxTransaction & { reason?: string | undefined }) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  return toTransaction(await failWithdrawal(deps, locator, input.reason));
}

export async function expireTransaction(deps: Deps, input: SandboxTransaction) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  return toTransaction(await expireWithdrawal(deps, locator, { dueOnly: false }));
}

/** Operator CLI: a transaction's organization by the transaction id alone. */
export async function organizationOfTransaction(deps: Deps, transactionId: string): Promise<Organization> {
  const pointer = await findTransactionPointerById(deps.db, transactionId);
  const organization = pointer && (await getOrganization(deps.db, pointer.organizationId));
  if (!organization) throw new NotFoundError(TRANSACTION_NOT_FOUND);
  return organization;
}

/**
 * `POST /sandbox/customers/{id}/balance`: USDC arrives for the customer, recorded as a COMPLETED `DEPOSIT`
 * with its `deposit.created` event, in the same transaction as the credit.
 */
export async function creditBalance(
  deps: Deps,
  input: { organizationId: string; customerId: string; amount: string },
): Promise<Transaction> {
  const customer = await requireCustomer(deps, input.organizationId, input.customerId);
  const amount = toMicro(input.amount);
  const usdc = formatMicro(amount);
  return retryOnConflict(async () => {
    for (let attempt = 1; ; attempt++) {
      const now = deps.clock.now();
      const at = now.toISOString();
      const record = newCompletedDeposit(
        { organizationId: input.organizationId, customerId: customer.customerId },
        usdc,
        now,
      );
      const owner = { organizationId: input.organizationId, customerId: customer.customerId };
      const items: GuardedItem<string>[] = [
        { role: 'transaction', item: transactionWrites.insert(deps.db, record) },
        { role: 'pointer', item: transactionWrites.pointer(deps.db, record) },
        { role: 'reference', item: transactionWrites.reference(deps.db, record) },
        { role: 'balance', item: balanceWrites.credit(deps.db, owner, amount, at) },
        { role: 'event', item: transactionWrites.event(deps.db, createdEvent(record, now)) },
      ];
      try {
        await writeGuarded(deps.db, items);
        return toTransaction(record);
      } catch (error) {
        // A taken reference is drawn again; nothing else can fail a guard of fresh items.
        if (!(error instanceof WriteConditionFailedError && error.role === 'reference') || attempt >= 3) throw error;
      }
    }
  });
}

/** `POST /sandbox/allowance`: the new limit and period, and a new period starting now with nothing spent. */
export async function setAllowance(
  deps: Deps,
  organization: Organization,
  input: { limit: string; resetPeriodMinutes: number },
): Promise<Allowance> {
  const config = { limit: formatMicro(toMicro(input.limit)), resetPeriodMinutes: input.resetPeriodMinutes };
  const now = deps.clock.now();
  const window = allowanceWindow(config, undefined, now);
  await writeGuarded(
    deps.db,
    allowanceResetItems(deps.db, organization.organizationId, config, window, now.toISOString()),
  );
  return allowanceView({ ...organization, allowance: config }, window);
}

/** `POST /sandbox/faults`: the next `count` executions of this organization fail at start. */
export async function setFaults(deps: Deps, organization: Organization, count: number) {
  await setFailNextExecutions(deps.db, organization.organizationId, count, deps.clock.now().toISOString());
  return { failNextExecutions: count };
}

/** `POST /sandbox/exchange-rates`: this organization's fixed sandbox rates (bank-currency units per USDC). */
export async function setExchangeRates(
  deps: Deps,
  organization: Organization,
  rates: Partial<ExchangeRates>,
): Promise<{ rates: ExchangeRates }> {
  const settings: SandboxSettings = await setSandboxRates(
    deps.db,
    organization.organizationId,
    rates,
    deps.clock.now().toISOString(),
  );
  const provider = rateProviderFor(deps.config, settings);
  return { rates: { EUR: provider.rateFor('EUR'), USD: provider.rateFor('USD') } };
}
