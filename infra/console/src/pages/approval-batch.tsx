import { startAuthentication } from '@simplewebauthn/browser';
import type { components } from '#infra/openapi/generated/console-api-types.ts';
import { call, type RejectWithdrawal, type Session } from '../api.ts';
import { DecisionCard } from '../decision-card.tsx';
import { accountText, counted, localTimeToTheSecond, money } from '../format.ts';
import { Badge } from '../ui.tsx';

type Schemas = components['schemas'];
export type BatchCard = Schemas['ConsoleBatchApprovalCard'];
type BatchStart = Omit<Schemas['ConsoleBatchApprovalOptions'], 'options'> & {
  options: Parameters<typeof startAuthentication>[0]['optionsJSON'];
};
type BatchDecision = Schemas['ConsoleBatchDecision'];

/**
 * One passkey assertion over a challenge the server derived from the batch id and every payout awaiting this
 * member's signature (amount, currency, beneficiary, account): the answer says per payout what happened.
 */
async function signBatch(batchId: string): Promise<BatchDecision> {
  const path = `/api/console/approval-batches/${encodeURIComponent(batchId)}`;
  const start = await call<BatchStart>('POST', `${path}/options`);
  const response = await startAuthentication({ optionsJSON: start.options });
  return call<BatchDecision>('POST', `${path}/sign`, { challengeId: start.challengeId, response });
}

/** `3 signed, 1 skipped (Withdrawal is CANCELLED; ...)`. */
function outcomeText(decision: BatchDecision): string {
  const counts = new Map<string, number>();
  for (const result of decision.results) counts.set(result.outcome, (counts.get(result.outcome) ?? 0) + 1);
  const skipped = [...new Set(decision.results.flatMap((result) => (result.error ? [result.error] : [])))];
  const parts = [...counts].map(([outcome, count]) => `${count} ${outcome.toLowerCase()}`);
  return `${parts.join(', ')}${skipped.length ? ` (${skipped.join('; ')})` : ''}`;
}

function batchReason(batch: BatchCard): string {
  const reasons = batch.waitsBecause.map((why) =>
    why === 'allowance'
      ? `${batch.count === 1 ? 'it is' : 'together they are'} over what the API allowance has left (${money(batch.allowanceAvailable, 'USDC')})`
      : batch.count === 1
        ? "it is over its customer's available balance"
        : `${batch.balance.uncovered} of them ${batch.balance.uncovered === 1 ? 'is' : 'are'} over their customer's available balance`,
  );
  return reasons.length
    ? `Waits because ${reasons.join(' and ')}.`
    : 'Waits because it was over the allowance or a balance when it was made.';
}

export function BatchApproval(props: { batch: BatchCard; session: Session; onChange: (outcome: string) => void }) {
  const { batch, session, onChange } = props;
  const mine = batch.signers.find((signer) => signer.approver === session.member.email);
  const signedAll = mine !== undefined && mine.signed === batch.count;
  const totals = batch.totals.map((total) => money(total.amount, total.currency)).join(' + ');
  const status = batch.signers.length ? 'PARTIALLY_SIGNED' : 'PROPOSED';
  // What tells two batches of the same size and sum apart: when, and by which key, each was made.
  const made = `${localTimeToTheSecond(batch.createdAt)} by ${batch.createdBy ? `API key ${batch.createdBy.hint}` : 'an API key not recorded then'}`;
  const customers = new Set(batch.customers.map((customer) => customer.customerId)).size;
  return (
    <DecisionCard
      className="approval batch"
      data={{ 'data-batch': batch.batchId }}
      label={`Batch of ${counted(batch.count, 'withdrawal')}, ${totals}, created ${made}`}
      title={
        <div>
          <strong className="amount">
            Batch of {counted(batch.count, 'payout')}: {totals}
          </strong>
          <div className="muted">
            Created {made} · {counted(customers, 'customer')} · {batch.items[0]?.reference}
            {batch.count > 1 ? ` and ${batch.count - 1} more` : ''}
          </div>
        </div>
      }
      badge={<Badge status={status} />}
      canDecide={session.permissions.includes('approve')}
      approve={{
        text: batch.count === 1 ? 'Approve with passkey' : `Approve all ${batch.count} with passkey`,
        disabled: batch.balance.covered === 0,
        done: signedAll ? 'You signed this batch; it waits for another member.' : undefined,
        run: async () => {
          const decision = await signBatch(batch.batchId);
          onChange(`Signed the batch of ${batch.count} (${totals}): ${outcomeText(decision)}`);
          return `Signed: ${outcomeText(decision)}`;
        },
      }}
      reject={{
        text: 'Reject batch',
        confirm:
          batch.count === 1
            ? 'Reject the payout of this batch for good?'
            : `Reject all ${batch.count} payouts of this batch for good?`,
        run: async (reason) => {
          const decision = await call<BatchDecision>(
            'POST',
            `/api/console/approval-batches/${encodeURIComponent(batch.batchId)}/reject`,
            { reason } satisfies RejectWithdrawal,
          );
          onChange(`Rejected the batch of ${batch.count} (${totals}): ${outcomeText(decision)}`);
          return 'Rejected';
        },
      }}
    >
      <p>{batchReason(batch)}</p>
      {batch.balance.uncovered > 0 && (
        <p className="error" role="alert">
          {counted(batch.balance.uncovered, 'payout')} cannot be paid until their customer is topped up; signing leaves{' '}
          {batch.balance.uncovered === 1 ? 'it' : 'them'} waiting.
        </p>
      )}
      <p className="muted">
        Your passkey signs the batch and every payout listed below that waits for you: amount, currency, beneficiary and
        account of each. A payout changed or cancelled since is left out.
      </p>
      <dl>
        <dt>Paid out</dt>
        <dd>{totals}</dd>
        <dt>Debited</dt>
        <dd>
          {money(batch.sourceTotal, 'USDC')} (fees {money(batch.feeTotal, 'USDC')}), from{' '}
          {customers === 1 ? "1 customer's balance" : `${customers} customers' balances`}
        </dd>
        <dt>Balances</dt>
        <dd>
          {batch.balance.covered} of {batch.count} covered by their customer's available balance
        </dd>
        <dt>Signed</dt>
        <dd className="signers">
          {batch.signers.length} of {batch.requiredApprovals}
          {batch.signers.map((signer) => (
            <span key={signer.approver} className="signer">
              {signer.approver} ({signer.signed} of {batch.count})
            </span>
          ))}
        </dd>
        <dt>Batch</dt>
        <dd className="mono">{batch.batchId}</dd>
        <dt>Created</dt>
        <dd>{made}</dd>
      </dl>
      <details>
        <summary>{batch.count === 1 ? 'The payout' : `The ${batch.count} payouts`}</summary>
        <table>
          <thead>
            <tr>
              <th>Reference</th>
              <th>Customer</th>
              <th>Paid</th>
              <th>Beneficiary</th>
              <th>Account</th>
              <th>Balance after</th>
            </tr>
          </thead>
          <tbody>
            {batch.items.map((item) => (
              <tr key={item.id} data-transaction={item.id}>
                <td className="mono nowrap">{item.reference}</td>
                <td>
                  <a href={`#/customers/${item.customerId}`}>{item.customerName ?? item.customerId}</a>
                </td>
                <td>{money(item.amount, item.currency)}</td>
                <td>{item.beneficiary}</td>
                <td className="mono nowrap">{accountText(item.account)}</td>
                <td>{item.balance.after === null ? 'not enough' : money(item.balance.after, 'USDC')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </DecisionCard>
  );
}
