import { listAwaitingConfirmation } from '#shared/banks/payee-confirmations.ts';
import { awaitsPayeeConfirmation } from '#shared/banks/payee-rules.ts';
import { getBankOfCustomer } from '#shared/banks/repository.ts';
import { payeeConfirmationView } from '#shared/console/approvals/payee-decision-rules.ts';
import type { ConsoleActor } from '#shared/console/common/console-rules.ts';
import { customerNames } from '#shared/console/common/customer-names.ts';
import type { Deps } from '#shared/deps.ts';

/** "Banks to confirm": the organization's banks Verification of Payee held for a member's decision, oldest first. */
export async function listPayeeConfirmations(deps: Deps, actor: ConsoleActor) {
  const organizationId = actor.organization.organizationId;
  const awaiting = await listAwaitingConfirmation(deps.db, organizationId);
  const [banks, names] = await Promise.all([
    Promise.all(awaiting.map((item) => getBankOfCustomer(deps.db, organizationId, item.customerId, item.bankId))),
    customerNames(deps.db, organizationId, awaiting),
  ]);
  return banks.flatMap((bank) =>
    bank && awaitsPayeeConfirmation(bank) ? [payeeConfirmationView(bank, names.get(bank.customerId) ?? null)] : [],
  );
}
