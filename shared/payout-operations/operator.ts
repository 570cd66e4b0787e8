import {
  type ConsoleActor,
  memberActor,
  OPERATOR_SOURCE,
  operatorActor,
} from '#shared/console/common/console-rules.ts';
import type { Deps } from '#shared/deps.ts';
import type { PayoutOperator } from '#shared/payout-operations/rules.ts';
import { organizationOfTransaction } from '#shared/transactions/organization-of-transaction.ts';

/** A member acting in the console, from their address. */
export const memberOperator = (actor: ConsoleActor): PayoutOperator => ({
  organizationId: actor.organization.organizationId,
  actor: memberActor(actor.member),
  sourceAddress: actor.sourceAddress,
});

/** The operator with the admin CLI, named by e-mail. */
export const cliOperator = (organizationId: string, email: string): PayoutOperator => ({
  organizationId,
  actor: operatorActor(email.trim().toLowerCase()),
  sourceAddress: OPERATOR_SOURCE,
});

/** The admin CLI names a payout by its id alone: the operator acts in that payout's organization. */
export async function cliOperatorOfPayout(deps: Deps, transactionId: string, email: string) {
  const organization = await organizationOfTransaction(deps, transactionId);
  return cliOperator(organization.organizationId, email);
}
