import { useState } from 'react';
import { type ApprovalCard, call, type PendingWithdrawal, type RejectWithdrawal, type Session } from '../api.ts';
import { ibanGroups, money } from '../format.ts';
import { signWithdrawal } from '../passkeys.ts';
import { Badge, ErrorLine, Note, Page, useAction, useLoad, when } from '../ui.tsx';

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

/** An IBAN in groups of four; an account number as it is. */
const accountText = (account: string) => (/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(account) ? ibanGroups(account) : account);

function Approval({
  withdrawal,
  session,
  onChange,
}: {
  withdrawal: ApprovalCard;
  session: Session;
  onChange: (outcome: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { busy, error, note, run } = useAction();
  const canApprove = session.permissions.includes('approve');
  const signed = withdrawal.approvals.some((a) => a.approver === session.member.email);
  const covered = withdrawal.balance.covers;
  const reject = () =>
    run(async () => {
      const rejected = await call<PendingWithdrawal>('POST', `/api/console/approvals/${withdrawal.id}/reject`, {
        reason: reason.trim(),
      } satisfies RejectWithdrawal);
      onChange(`Rejected ${withdrawal.id}: ${rejected.status}`);
      return 'Rejected';
    });
  return (
    <article
      className="card approval"
      data-transaction={withdrawal.id}
      aria-label={`Withdrawal ${withdrawal.reference}`}
    >
      <header>
        <strong className="amount">{money(withdrawal.amount, withdrawal.currency)}</strong>
        <Badge status={withdrawal.status} />
      </header>
      <p>{waitingReason(withdrawal)}</p>
      {!covered && (
        <p className="error" role="alert">
          The customer's available balance ({money(withdrawal.balance.available, 'USDC')}) does not cover{' '}
          {money(withdrawal.sourceAmount, 'USDC')}: it cannot be paid until the customer is topped up, however many sign
          it.
        </p>
      )}
      <p className="muted">
        Your passkey signs exactly these: amount, currency, beneficiary, account and the transaction.
      </p>
      <dl>
        <dt>Reference</dt>
        <dd className="mono">{withdrawal.reference}</dd>
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
        <dt>Transaction</dt>
        <dd className="mono">{withdrawal.id}</dd>
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
        <dd>{when(withdrawal.createdAt)}</dd>
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
      {canApprove && (
        <div className="actions">
          {signed ? (
            <span className="signer">You signed this; it waits for another member.</span>
          ) : (
            <button
              type="button"
              disabled={busy || !covered}
              onClick={() =>
                run(async () => {
                  const result = await signWithdrawal(withdrawal.id);
                  onChange(`Signed ${withdrawal.id}: ${result.status}`);
                  return `Signed: ${result.status}`;
                })
              }
            >
              Approve with passkey
            </button>
          )}
          {rejecting ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                setConfirming(true);
              }}
            >
              <input
                name="reason"
                aria-label="Reason for rejecting"
                placeholder="Why it is rejected"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={500}
                required
              />
              {confirming ? (
                <span className="confirm">
                  Reject {withdrawal.reference} for good?{' '}
                  <button type="button" className="danger" disabled={busy} onClick={reject}>
                    Yes, reject
                  </button>{' '}
                  <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                    Keep it
                  </button>
                </span>
              ) : (
                <button type="submit" className="danger" disabled={busy || !reason.trim()}>
                  Reject
                </button>
              )}
            </form>
          ) : (
            <button type="button" className="secondary" onClick={() => setRejecting(true)}>
              Reject…
            </button>
          )}
        </div>
      )}
      <Note note={note} />
      <ErrorLine error={error} />
    </article>
  );
}

export function ApprovalsPage({ session }: { session: Session }) {
  const loaded = useLoad<ApprovalCard[]>('/api/console/approvals');
  const canApprove = session.permissions.includes('approve');
  // A decided withdrawal leaves the list (and its card with it), so its outcome is kept here.
  const [outcome, setOutcome] = useState<string>();
  return (
    <Page title="Approvals" loaded={loaded}>
      <p className="muted">
        Withdrawals over the allowance or the balance wait here for the signatures of distinct members. Approving signs
        the amount, currency, beneficiary and account shown with your passkey.
        {canApprove ? '' : ' Your role may not approve.'}
      </p>
      <Note note={outcome} />
      {loaded.data && !loaded.data.length && <p className="muted">Nothing waits for a signature.</p>}
      {loaded.data?.map((withdrawal) => (
        <Approval
          key={withdrawal.id}
          withdrawal={withdrawal}
          session={session}
          onChange={(text) => {
            setOutcome(text);
            loaded.reload();
          }}
        />
      ))}
    </Page>
  );
}
