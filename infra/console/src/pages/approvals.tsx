import { useState } from 'react';
import { call, type PendingWithdrawal, type RejectWithdrawal, type Session } from '../api.ts';
import { signWithdrawal } from '../passkeys.ts';
import { ErrorLine, Note, Page, useAction, useLoad, when } from '../ui.tsx';

function Approval({
  withdrawal,
  canApprove,
  onChange,
}: {
  withdrawal: PendingWithdrawal;
  canApprove: boolean;
  onChange: (outcome: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const { busy, error, note, run } = useAction();
  return (
    <article className="card approval" data-transaction={withdrawal.id}>
      <header>
        <strong className="amount">
          {withdrawal.amount} {withdrawal.currency}
        </strong>
        <span className="badge">{withdrawal.status}</span>
      </header>
      <dl>
        <dt>Beneficiary</dt>
        <dd>{withdrawal.beneficiary}</dd>
        <dt>Account</dt>
        <dd className="mono">{withdrawal.account}</dd>
        <dt>Debited</dt>
        <dd>
          {withdrawal.sourceAmount} USDC (fee {withdrawal.fee})
        </dd>
        <dt>Customer</dt>
        <dd>
          <a href={`#/customers/${withdrawal.customerId}`}>{withdrawal.customerId}</a>
        </dd>
        <dt>Transaction</dt>
        <dd className="mono">{withdrawal.id}</dd>
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
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              run(async () => {
                const signed = await signWithdrawal(withdrawal.id);
                onChange(`Signed ${withdrawal.id}: ${signed.status}`);
                return `Signed: ${signed.status}`;
              })
            }
          >
            Approve with passkey
          </button>
          {rejecting ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                run(async () => {
                  const rejected = await call<PendingWithdrawal>(
                    'POST',
                    `/api/console/approvals/${withdrawal.id}/reject`,
                    { reason: reason.trim() } satisfies RejectWithdrawal,
                  );
                  onChange(`Rejected ${withdrawal.id}: ${rejected.status}`);
                  return 'Rejected';
                });
              }}
            >
              <input
                name="reason"
                placeholder="Why it is rejected"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={500}
                required
              />
              <button type="submit" className="danger" disabled={busy || !reason.trim()}>
                Reject
              </button>
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
  const loaded = useLoad<PendingWithdrawal[]>('/api/console/approvals');
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
          canApprove={canApprove}
          onChange={(text) => {
            setOutcome(text);
            loaded.reload();
          }}
        />
      ))}
    </Page>
  );
}
