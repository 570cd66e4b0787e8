import type { Deps } from '#shared/deps.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { answerOfSandboxReport, debitedAccount, reread } from '#shared/payouts/complete-transaction.ts';
import { UNKNOWN_RETURN_REASON } from '#shared/payouts/return-rules.ts';
import { writeCamt054 } from '#shared/rails/bank/report-writer.ts';
import { returnCodesFor } from '#shared/rails/bank/return-reasons.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';
import { assertTransition } from '#shared/transactions/lifecycle.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import { locate, type SandboxTransaction } from '#shared/transactions/transaction-rules.ts';

/**
 * Sandbox: the bank returns a payout it had booked (COMPLETED -> FAILED). The route writes what a bank reports, a
 * camt.054 crediting the amount back with return information (`RtrInf/Rsn`, the given code), into the inbox and
 * applies it like any report: `failureReason` gives the code and its meaning, the source amount is back in the
 * balance, a webhook. A second return of the same payout finds it FAILED: 409, nothing changes.
 */
export async function returnTransaction(deps: Deps, input: SandboxTransaction & { reasonCode: string }) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  const current = await reread(deps, locator);
  const codes = returnCodesFor(current.targetCurrency);
  if (!codes.includes(input.reasonCode)) throw UNKNOWN_RETURN_REASON.error(input.reasonCode, codes);
  assertTransition(current, 'return');
  const now = deps.clock.now().toISOString();
  const name = `sandbox-${current.transactionId}-v${current.version}.return.camt054.xml`;
  const channel = bankChannel(deps.config);
  await channel.writeInbox(
    name,
    writeCamt054({
      messageId: `SBX-${current.reference}-RETURNED`,
      createdAt: now,
      account: await debitedAccount(deps, current.paymentFileId),
      entries: [
        {
          endToEndId: current.reference,
          amount: current.targetAmount,
          currency: current.targetCurrency,
          bookingDate: now,
          returnReason: { code: input.reasonCode },
        },
      ],
    }),
  );
  return toTransaction(
    await answerOfSandboxReport(deps, locator, await processInboxReport(deps, channel, name), 'return'),
  );
}
