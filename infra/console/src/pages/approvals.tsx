import { useState } from 'react';
import { type ApprovalCard, call, type PendingWithdrawal, type RejectWithdrawal, type Session } from '../api.ts';
import { DecisionCard } from '../decision-card.tsx';
import { accountText, money, words } from '../format.ts';
import { signWithdrawal } from '../passkeys.ts';
import { Badge, ErrorLine, Note, Page, useLoad, when } from '../ui.tsx';
import { BatchApproval, type BatchCard } from './approval-batch.tsx';

/** Why it waits, in words, from what the server found as things stand now. */
function waitingReason(withdrawal: ApprovalCard): string {
  const reasons = withdrawal.waitsBecause.map((why) =>
    why === 'allowance'
      ? `it is over what the API allowance has left (${money(withdrawal.allowanceAvailable, 'USDC')})`
      : `it is over the customer's available balance (${money(withdrawal.balance.available, 'USDC')})`,
  );
  return reasons.length
    ? `Waits because ${reasons.join(' and ')}.`
    : 'Waits because it was over the allowance or the balance when it was made.';
}

function Approval({
  withdrawal,
  session,
  onChange,
}: {
  withdrawal: ApprovalCard;
  session: Session;
  onChange: (outcome: string) => void;
}) {
  const signed = withdrawal.approvals.some((a) => a.approver === session.member.email);
  const covered = withdrawal.balance.covers;
  return (
    <DecisionCard
      className="approval"
      data={{ 'data-transaction': withdrawal.id }}
      label={`Withdrawal ${withdrawal.reference}`}
      title={<strong className="amount">{money(withdrawal.amount, withdrawal.currency)}</strong>}
      badge={<Badge status={withdrawal.status} />}
      canDecide={session.permissions.includes('approve')}
      approve={{
        text: 'Approve with passkey',
        disabled: !covered,
        done: signed ? 'You signed this; it waits for another member.' : undefined,
        run: async () => {
          const result = await signWithdrawal(withdrawal.id);
          onChange(`Signed ${withdrawal.reference}: ${words(result.status)}`);
          return `Signed: ${words(result.status)}`;
        },
      }}
      reject={{
        text: 'Reject',
        confirm: `Reject ${withdrawal.reference} for good?`,
        run: async (reason) => {
          const rejected = await call<PendingWithdrawal>('POST', `/api/console/approvals/${withdrawal.id}/reject`, {
            reason,
          } satisfies RejectWithdrawal);
          onChange(`Rejected ${withdrawal.reference}: ${words(rejected.status)}`);
          return 'Rejected';
        },
      }}
    >
      <p>{waitingReason(withdrawal)}</p>
      {!covered && (
        <p className="error" role="alert">
          The customer's available balance ({money(withdrawal.balance.available, 'USDC')}) does not cover{' '}
          {money(withdrawal.sourceAmount, 'USDC')}: it cannot be paid until the customer is topped up, however many sign
          it.
        </p>
      )}
      <p className="muted">
        Your passkey signs exactly these: amount, currency, beneficiary, account and this withdrawal's transaction id.
      </p>
      <dl>
        <dt>Reference</dt>
        <dd>
          <span className="mono">{withdrawal.reference}</span>
          <small className="secondary-id">
            Transaction id <span className="mono">{withdrawal.id}</span>
          </small>
        </dd>
        <dt>Amount paid</dt>
        <dd>{money(withdrawal.amount, withdrawal.currency)}</dd>
        <dt>Beneficiary</dt>
        <dd>{withdrawal.beneficiary}</dd>
        <dt>Account</dt>
        <dd className="mono">{accountText(withdrawal.account)}</dd>
        {withdrawal.bic && (
          <>
            <dt>BIC</dt>
            <dd className="mono">{withdrawal.bic}</dd>
          </>
        )}
      </dl>
      <dl>
        <dt>Debited</dt>
        <dd>
          {money(withdrawal.sourceAmount, 'USDC')} (fee {money(withdrawal.fee, 'USDC')})
        </dd>
        <dt>Rate</dt>
        <dd>
          1 USDC = {withdrawal.exchangeRate} {withdrawal.currency}
        </dd>
        <dt>Customer</dt>
        <dd>
          <a href={`#/customers/${withdrawal.customerId}`}>{withdrawal.customerName ?? withdrawal.customerId}</a>
        </dd>
        <dt>Balance now</dt>
        <dd>{money(withdrawal.balance.available, 'USDC')} available</dd>
        <dt>Balance after</dt>
        <dd>{withdrawal.balance.after === null ? 'not enough' : money(withdrawal.balance.after, 'USDC')}</dd>
        <dt>Created</dt>
        <dd>
          {when(withdrawal.createdAt)}
          {withdrawal.createdBy && ` by API key ${withdrawal.createdBy.hint}`}
        </dd>
        <dt>Signed</dt>
        <dd className="signers">
          {withdrawal.approvals.length} of {withdrawal.requiredApprovals}
          {withdrawal.approvals.map((a) => (
            <span key={a.approver} className="signer">
              {a.approver} ({when(a.approvedAt)})
            </span>
          ))}
        </dd>
      </dl>
    </DecisionCard>
  );
}

export function ApprovalsPage({ session }: { session: Session }) {
  const loaded = useLoad<ApprovalCard[]>('/api/console/approvals');
  const batches = useLoad<BatchCard[]>('/api/console/approval-batches');
  const canApprove = session.permissions.includes('approve');
  // A decided withdrawal leaves the list (and its card with it), so its outcome is kept here.
  const [outcome, setOutcome] = useState<string>();
  const onChange = (text: string) => {
    setOutcome(text);
    loaded.reload();
    batches.reload();
  };
  // A batch's payouts are shown on its one card.
  const singles = loaded.data?.filter((withdrawal) => withdrawal.batchId === null);
  return (
    <Page title="Approvals" loaded={loaded}>
      <p className="muted">
        Withdrawals over the allowance or the balance wait here for the signatures of distinct members. Approving signs
        the amount, currency, beneficiary and account shown with your passkey; a batch's card signs every payout of it
        at once.
        {canApprove ? '' : ' Your role may not approve.'}
      </p>
      <Note note={outcome} />
      <ErrorLine error={batches.error} />
      {singles && !singles.length && !batches.data?.length && <p className="muted">Nothing waits for a signature.</p>}
      {batches.data?.map((batch) => (
        <BatchApproval key={batch.batchId} batch={batch} session={session} onChange={onChange} />
      ))}
      {singles?.map((withdrawal) => (
        <Approval key={withdrawal.id} withdrawal={withdrawal} session={session} onChange={onChange} />
      ))}
    </Page>
  );
}
