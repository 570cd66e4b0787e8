import type { Deps } from '#shared/deps.ts';
import { sandboxInbox } from '#shared/payouts/answer-payment-files.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { answerOfSandboxReport, sentToTheBank } from '#shared/payouts/complete-transaction.ts';
import { paymentInfoId } from '#shared/rails/bank/payment-file.ts';
import { writePain002 } from '#shared/rails/bank/report-writer.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import { locate, type SandboxTransaction } from '#shared/transactions/transaction-rules.ts';
import { DEFAULT_FAILURE_REASON } from '#shared/transactions/transitions.ts';

/**
 * Sandbox: the bank rejects the payment. The route writes the pain.002 a bank would (TxSts RJCT, reason NARR with
 * the text) into the inbox and applies it like any report (FAILED, the reservation released, a webhook).
 */
export async function failTransaction(deps: Deps, input: SandboxTransaction & { reason?: string | undefined }) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  const channel = bankChannel(deps.config);
  const inbox = sandboxInbox(input.organization);
  const current = await sentToTheBank(deps, channel, locator, 'fail');
  const name = `sandbox-${current.transactionId}-v${current.version}.pain002.xml`;
  await channel.writeInbox(
    name,
    writePain002({
      messageId: `SBX-${current.reference}-REJECTED`,
      createdAt: deps.clock.now().toISOString(),
      originalMessageId: current.paymentFileId ?? 'NOTPROVIDED',
      paymentInfoId: current.paymentFileId ? paymentInfoId(current.paymentFileId) : 'NOTPROVIDED',
      payments: [
        {
          endToEndId: current.reference,
          status: 'RJCT',
          reason: { code: 'NARR', text: input.reason ?? DEFAULT_FAILURE_REASON },
        },
      ],
    }),
    inbox,
  );
  return toTransaction(
    await answerOfSandboxReport(deps, locator, await processInboxReport(deps, channel, name, inbox), 'fail'),
  );
}
