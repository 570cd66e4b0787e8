import { useState } from 'react';
import type { components, operations } from '#infra/openapi/generated/console-api-types.ts';
import { call, type Session, type Transaction } from '../api.ts';
import { DecisionCard } from '../decision-card.tsx';
import { age, calendarDay, localTime, money, words } from '../format.ts';
import { Badge, ErrorLine, Note, Page, RowsTable, useAction, useLoad, when } from '../ui.tsx';

type Schemas = components['schemas'];
type Operations = Schemas['PayoutOperations'];
type Overdue = Schemas['OverduePayout'];
type Settlement = Schemas['PayoutSettlement'];
type Proposal = operations['consoleProposeSettlement']['requestBody']['content']['application/json'];
type Decision = operations['consoleDecideSettlement']['requestBody']['content']['application/json'];

const BASE = '/api/console/payout-operations';

/** What a settlement says happened at the bank, in words. */
const OUTCOME_WORDS: Record<Settlement['outcome'], string> = {
  COMPLETED: 'Booked by the bank (completed)',
  FAILED: 'Not paid by the bank (failed)',
};

const payoutLink = (transactionId: string, reference: string) => (
  <a href={`#/transactions/${transactionId}`} className="mono nowrap">
    {reference}
  </a>
);

/** The first half of a settlement by hand: what the bank said outside the channel, when, and how we know. */
function ProposeForm(props: { payout: Overdue; onDone: (outcome: string) => void; onClose: () => void }) {
  const { payout } = props;
  const [outcome, setOutcome] = useState<Proposal['outcome']>('COMPLETED');
  const [bookedAt, setBookedAt] = useState('');
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction();
  const propose = () =>
    run(async () => {
      const body: Proposal = {
        outcome,
        reason: reason.trim(),
        // The field is the member's local time; the API takes an instant.
        ...(outcome === 'COMPLETED' && bookedAt ? { completedAt: new Date(bookedAt).toISOString() } : {}),
      };
      await call<Settlement>('POST', `${BASE}/${encodeURIComponent(payout.transactionId)}/settlement`, body);
      props.onDone(`Proposed to settle ${payout.reference} as ${words(outcome)}: it waits for a second person.`);
      return undefined;
    });
  return (
    <article className="card" aria-label={`Settle ${payout.reference} by hand`}>
      <h2>
        Settle {payoutLink(payout.transactionId, payout.reference)} by hand ({money(payout.amount, payout.currency)})
      </h2>
      <p className="muted">
        For a payout whose bank answered outside the channel (a letter, a call, a statement). Nothing moves until
        another member approves.
      </p>
      <form
        className="hand-form"
        onSubmit={(event) => {
          event.preventDefault();
          propose();
        }}
      >
        <label>
          What the bank said
          <select value={outcome} onChange={(e) => setOutcome(e.target.value as Proposal['outcome'])}>
            <option value="COMPLETED">{OUTCOME_WORDS.COMPLETED}</option>
            <option value="FAILED">{OUTCOME_WORDS.FAILED}</option>
          </select>
        </label>
        {outcome === 'COMPLETED' && (
          <label>
            Booked at (your local time; empty: when approved)
            <input type="datetime-local" value={bookedAt} onChange={(e) => setBookedAt(e.target.value)} />
          </label>
        )}
        <label>
          How we know
          <textarea
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="The statement, the letter or the call that says so"
            maxLength={500}
            rows={3}
            required
          />
        </label>
        <div className="actions">
          <button type="submit" disabled={busy || !reason.trim()}>
            Propose settlement
          </button>
          <button type="button" className="secondary" onClick={props.onClose}>
            Cancel
          </button>
        </div>
      </form>
      <ErrorLine error={error} />
    </article>
  );
}

/** The second half: another member approves (the payout moves as a bank report would move it) or rejects. */
function ProposedSettlement(props: {
  settlement: Settlement;
  payout: Overdue | undefined;
  session: Session;
  onDone: (outcome: string) => void;
}) {
  const { settlement: s, payout } = props;
  const decide = (decision: Decision) =>
    call<Transaction>('POST', `${BASE}/${encodeURIComponent(s.transactionId)}/settlement/decision`, decision);
  const mine = s.proposedBy.email.toLowerCase() === props.session.member.email.toLowerCase();
  return (
    <DecisionCard
      className="settlement"
      data={{ 'data-settlement': s.transactionId }}
      label={`Settlement of ${s.reference}`}
      title={<strong>{payoutLink(s.transactionId, s.reference)}</strong>}
      badge={<Badge status={s.status} />}
      canDecide={props.session.permissions.includes('operate')}
      approve={{
        text: 'Approve settlement',
        run: async () => {
          const settled = await decide({ decision: 'approve' });
          props.onDone(`Approved: ${s.reference} is now ${words(settled.status)}.`);
          return `Approved: ${words(settled.status)}`;
        },
      }}
      reject={{
        text: 'Reject settlement',
        run: async (reason) => {
          await decide({ decision: 'reject', reason });
          props.onDone(`Rejected the settlement of ${s.reference}: the payout is untouched.`);
          return 'Rejected';
        },
      }}
    >
      <dl>
        <div className="pair">
          <dt>The bank said</dt>
          <dd>{OUTCOME_WORDS[s.outcome]}</dd>
        </div>
        {payout && (
          <div className="pair">
            <dt>Amount</dt>
            <dd>{money(payout.amount, payout.currency)}</dd>
          </div>
        )}
        {s.outcome === 'COMPLETED' && (
          <div className="pair">
            <dt>Booked at</dt>
            <dd>{s.completedAt ? localTime(s.completedAt) : 'when approved'}</dd>
          </div>
        )}
        <div className="pair">
          <dt>How we know</dt>
          <dd>{s.reason}</dd>
        </div>
        <div className="pair">
          <dt>Proposed by</dt>
          <dd>
            {s.proposedBy.kind === 'operator' ? 'The operator' : s.proposedBy.email}, {when(s.proposedAt)}
          </dd>
        </div>
      </dl>
      {mine && <p className="muted">You proposed it: another member approves or rejects it.</p>}
    </DecisionCard>
  );
}

/**
 * The operator's desk over the bank rail: payouts the bank should have answered by now, files it was handed and has
 * not answered, its reports that were quarantined, and settlements by hand that wait for a second person.
 */
export function PayoutOperationsPage({ session }: { session: Session }) {
  const loaded = useLoad<Operations>(BASE);
  const [settling, setSettling] = useState<Overdue>();
  const [outcome, setOutcome] = useState<string>();
  const data = loaded.data;
  const proposed = new Set(data?.proposedSettlements.map((s) => s.transactionId));
  const done = (text: string) => {
    setOutcome(text);
    setSettling(undefined);
    loaded.reload();
  };
  return (
    <Page title="Payout operations" loaded={loaded}>
      <div className="actions">
        <button type="button" className="secondary" onClick={loaded.reload}>
          Refresh
        </button>
      </div>
      <Note note={outcome} />
      {data && (
        <>
          <h2>Overdue payouts</h2>
          <p className="muted">Still processing past the moment their rail said they would settle.</p>
          <RowsTable
            rows={data.overduePayouts}
            rowKey={(p) => p.transactionId}
            empty="No payout is overdue."
            columns={[
              { title: 'Reference', cell: (p) => payoutLink(p.transactionId, p.reference) },
              { title: 'Amount', cell: (p) => money(p.amount, p.currency), className: 'amount-cell' },
              { title: 'Rail', cell: (p) => p.rail ?? '—' },
              { title: 'Expected to settle', cell: (p) => when(p.expectedSettlementAt), className: 'nowrap' },
              { title: 'Overdue by', cell: (p) => age(p.overdueSeconds), className: 'nowrap' },
              { title: 'Payment file', cell: (p) => p.paymentFileId ?? 'none', className: 'mono' },
              {
                title: 'Settle by hand',
                cell: (p) =>
                  proposed.has(p.transactionId) ? (
                    <span className="muted">Proposed, waits below</span>
                  ) : (
                    <button type="button" className="secondary" onClick={() => setSettling(p)}>
                      Settle {p.reference} by hand…
                    </button>
                  ),
              },
            ]}
          />
          {settling && (
            <ProposeForm
              key={settling.transactionId}
              payout={settling}
              onDone={done}
              onClose={() => setSettling(undefined)}
            />
          )}
          <h2>Settlements waiting for a second person</h2>
          {data.proposedSettlements.length === 0 && <p className="muted">No settlement waits for a decision.</p>}
          {data.proposedSettlements.map((s) => (
            <ProposedSettlement
              key={s.transactionId}
              settlement={s}
              payout={data.overduePayouts.find((p) => p.transactionId === s.transactionId)}
              session={session}
              onDone={done}
            />
          ))}
          <h2>Files delivered and not answered</h2>
          <RowsTable
            rows={data.unansweredFiles}
            rowKey={(f) => f.messageId}
            empty="Every file delivered to the bank has been answered."
            columns={[
              { title: 'File', cell: (f) => f.remoteName, className: 'mono' },
              { title: 'Rail', cell: (f) => `${f.rail ?? '—'} (${f.currency})` },
              { title: 'Delivered', cell: (f) => when(f.deliveredAt), className: 'nowrap' },
              { title: 'Settlement date', cell: (f) => calendarDay(f.settlementDate), className: 'nowrap' },
              { title: 'Still processing', cell: (f) => `${f.processing} of ${f.payments}` },
            ]}
          />
          <h2>Quarantined bank reports</h2>
          <RowsTable
            rows={data.quarantinedReports}
            rowKey={(r) => r.reportId}
            empty="No report naming this organization's payouts was quarantined."
            columns={[
              { title: 'Report', cell: (r) => r.name, className: 'mono' },
              { title: 'Kind', cell: (r) => r.kind },
              { title: 'Received', cell: (r) => when(r.receivedAt), className: 'nowrap' },
              { title: 'Why', cell: (r) => r.quarantineReason ?? '—' },
              {
                title: 'Payouts it names',
                cell: (r) =>
                  r.facts.map((fact) => (
                    <span key={`${fact.reference} ${fact.effect}`} className="nowrap">
                      {fact !== r.facts[0] && ', '}
                      {fact.transactionId ? payoutLink(fact.transactionId, fact.reference) : fact.reference}
                    </span>
                  )),
              },
            ]}
          />
        </>
      )}
    </Page>
  );
}
