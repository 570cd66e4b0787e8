import type { Deps } from '#shared/deps.ts';
import { sandboxInbox } from '#shared/payouts/answer-payment-files.ts';
import { processInboxReport } from '#shared/payouts/apply-bank-report.ts';
import { answerOfSandboxReport, reread } from '#shared/payouts/complete-transaction.ts';
import { getPaymentFile } from '#shared/payouts/payment-file-repository.ts';
import type { PaymentFileRecord } from '#shared/payouts/records.ts';
import { UNKNOWN_RETURN_REASON } from '#shared/payouts/return-rules.ts';
import { readAchOrigination } from '#shared/rails/bank/ach/nacha.ts';
import { writeNachaReturns } from '#shared/rails/bank/ach/nacha-return-writer.ts';
import { SANDBOX_DEBTORS } from '#shared/rails/bank/payment-file.ts';
import type { RailName, ReportFormat } from '#shared/rails/bank/rail.ts';
import { RAILS, railNamed, reportsOfCurrency } from '#shared/rails/bank/rails.ts';
import { writeCamt054 } from '#shared/rails/bank/report-writer.ts';
import { isNachaReturnCode, type NachaReturnReason, returnCodesFor } from '#shared/rails/bank/return-reasons.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';
import { assertTransition } from '#shared/transactions/lifecycle.ts';
import { toTransaction } from '#shared/transactions/new-transaction.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';
import { locate, type SandboxTransaction } from '#shared/transactions/transaction-rules.ts';

/**
 * Sandbox: the bank returns a payout it had booked (COMPLETED -> FAILED). The route writes what the bank would send
 * into the inbox and applies it like any report: for an R-code of a payout paid by ACH (its file a NACHA file), a NACHA
 * return file answering the entry that file sent; otherwise a camt.054 crediting the amount
 * back with return information (`RtrInf/Rsn`, the given code). `failureReason` gives the code and its meaning, the
 * source amount is back in the balance, a webhook. A second return of the same payout finds it FAILED: 409, nothing
 * changes.
 */
export async function returnTransaction(deps: Deps, input: SandboxTransaction & { reasonCode: string }) {
  const locator = await locate(deps, input.organization.organizationId, input.transactionId);
  const current = await reread(deps, locator);
  const codes = returnCodesFor(returnReportsOf(current));
  if (!codes.includes(input.reasonCode)) throw UNKNOWN_RETURN_REASON.error(input.reasonCode, codes);
  assertTransition(current, 'return');
  const now = deps.clock.now().toISOString();
  const file = current.paymentFileId ? await getPaymentFile(deps.db, current.paymentFileId) : undefined;
  // An R-code of a payout whose rail's returns come as NACHA files (ACH) is answered by one; any other as a camt.054.
  const achFile = isNachaReturnCode(input.reasonCode) && file?.rail && answersNacha(file.rail) ? file : undefined;
  const name = `sandbox-${current.transactionId}-v${current.version}.return.${achFile ? 'ach' : 'camt054.xml'}`;
  const channel = bankChannel(deps.config);
  const inbox = sandboxInbox(input.organization);
  await channel.writeInbox(
    name,
    achFile
      ? achReturn(current, input.reasonCode as NachaReturnReason, achFile, now)
      : writeCamt054({
          messageId: `SBX-${current.reference}-RETURNED`,
          createdAt: now,
          account: file?.debtorAccount ?? { accountNumber: 'NOTPROVIDED' },
          rail: current.settlementRail ?? file?.rail ?? null,
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
    inbox,
  );
  return toTransaction(
    await answerOfSandboxReport(deps, locator, await processInboxReport(deps, channel, name, inbox), 'return'),
  );
}

/**
 * The reports a payout's returns can come in: its rail's; a payout not filed yet has no rail, and a USD one may still
 * leave by ACH.
 */
function returnReportsOf(payout: TransactionRecord): readonly ReportFormat[] {
  if (payout.settlementRail) return RAILS[payout.settlementRail].reports;
  return reportsOfCurrency(payout.targetCurrency === 'USD' ? 'USD' : 'EUR');
}

const answersNacha = (rail: RailName) => railNamed(rail).reports.includes('nacha-returns');

/**
 * A NACHA return file for one payout as its originating bank passes it on: the entry its ACH file sent (trace number,
 * SEC code), from that file's bank to that file's originator.
 */
function achReturn(payout: TransactionRecord, code: NachaReturnReason, file: PaymentFileRecord, now: string) {
  const bank = payout.withdrawalBank;
  const sent = readAchOrigination(file.xml);
  const original = sent.entries.get(payout.reference);
  return writeNachaReturns({
    createdAt: now,
    originatingBank: sent.immediateDestination,
    returningBank: bank?.routingNumber ?? '',
    companyName: SANDBOX_DEBTORS.USD.name,
    companyId: sent.immediateOrigin,
    entries: [
      {
        kind: 'return',
        code,
        secCode: original?.secCode ?? 'PPD',
        originalTraceNumber: original?.traceNumber ?? '0',
        routingNumber: bank?.routingNumber ?? '',
        accountNumber: bank?.accountNumber ?? '',
        amount: payout.targetAmount,
        identification: payout.reference,
        name: bank?.beneficiaryName ?? '',
      },
    ],
  });
}
