import { useState } from 'react';
import type { components } from '#infra/openapi/generated/console-api-types.ts';
import { type Customer, call, query, rowsOf, type Session, type Transaction } from '../api.ts';
import { accountText, calendarDay, localTime, money, words } from '../format.ts';
import { Badge, ConfirmButton, ErrorLine, Note, Page, useAction, useLoad } from '../ui.tsx';

type Schemas = components['schemas'];
type Credit = Schemas['ConsoleBankCredit'];
type Assign = Schemas['ConsoleAssignBankCreditRequest'];
type SendBack = Schemas['ConsoleSendBackBankCreditRequest'];
type Queue = { items: Credit[]; nextCursor: string | null };

const BASE = '/api/console/bank-credits';

/** A booking the bank dated without a time (midnight UTC) is a calendar day; one with its time, a local time. */
const bookedText = (at: string) => (at.endsWith('T00:00:00.000Z') ? calendarDay(at) : localTime(at));

/** A customer's name and KYC state, read by id: what a member checks before giving a customer money. */
function CustomerName({ customerId }: { customerId: string }) {
  const customer = useLoad<Customer>(`/api/v2/customers/${encodeURIComponent(customerId)}`);
  if (customer.error) return <span className="muted">No customer with this id</span>;
  if (!customer.data) return null;
  return (
    <span>
      <a href={`#/customers/${customer.data.customerId}`}>{customer.data.name}</a>, KYC {words(customer.data.kycStatus)}
    </span>
  );
}

/** A customer by id, or found by name or e-mail in the customers list. */
function CustomerPicker(props: { value: string; onChange: (customerId: string) => void }) {
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState<string>();
  const found = useLoad<Customer[]>(applied ? `/api/v2/customers${query({ search: applied, limit: '10' })}` : null);
  return (
    <div className="picker">
      <label>
        Customer id
        <input
          value={props.value}
          onChange={(e) => props.onChange(e.target.value.trim())}
          placeholder="The customer's id"
          className="mono"
        />
      </label>
      {/^[0-9a-f-]{36}$/.test(props.value) && <CustomerName key={props.value} customerId={props.value} />}
      <div className="actions">
        <input
          aria-label="Find a customer"
          placeholder="Find by name or e-mail"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="button" className="secondary" disabled={!search.trim()} onClick={() => setApplied(search.trim())}>
          Find
        </button>
      </div>
      <ErrorLine error={found.error} />
      {applied && found.data && (
        <ul className="found">
          {rowsOf(found.data).length === 0 && <li className="muted">No customer found.</li>}
          {rowsOf(found.data).map((customer) => (
            <li key={customer.customerId}>
              <button type="button" className="secondary" onClick={() => props.onChange(customer.customerId)}>
                Choose {customer.name}
              </button>{' '}
              {customer.email ?? ''} <Badge status={customer.kycStatus} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Give the credit to a customer (a DEPOSIT at the quote in force at booking), or send it back to its payer. */
function Decide(props: { credit: Credit; onDone: (outcome: string) => void }) {
  const { credit } = props;
  const [customerId, setCustomerId] = useState(credit.customerId ?? '');
  const [assignReason, setAssignReason] = useState('');
  const [sendBackReason, setSendBackReason] = useState('');
  const { busy, error, run } = useAction();
  const assign = () =>
    run(async () => {
      const body: Assign = { customerId, reason: assignReason.trim() };
      const deposit = await call<Transaction>('POST', `${BASE}/${credit.id}/assign`, body);
      props.onDone(
        `Assigned ${credit.bankReference} to customer ${customerId}: deposit ${deposit.reference} of ` +
          `${money(deposit.targetAmount, deposit.targetCurrency)}.`,
      );
      return undefined;
    });
  const sendBack = () =>
    run(async () => {
      const body: SendBack = { reason: sendBackReason.trim() };
      const sent = await call<Credit>('POST', `${BASE}/${credit.id}/send-back`, body);
      props.onDone(
        `Sent ${credit.bankReference} back to ${credit.payerName ?? 'the payer'}` +
          `${sent.sentBackAs ? ` as payment ${sent.sentBackAs}` : ''}.`,
      );
      return undefined;
    });
  return (
    <div className="suspense-decisions">
      <form
        className="hand-form"
        aria-label={`Assign ${credit.bankReference}`}
        onSubmit={(event) => {
          event.preventDefault();
          assign();
        }}
      >
        <h3>Assign to a customer</h3>
        <CustomerPicker value={customerId} onChange={setCustomerId} />
        <label>
          Reason for assigning
          <textarea
            value={assignReason}
            onChange={(e) => setAssignReason(e.target.value)}
            maxLength={500}
            rows={2}
            required
          />
        </label>
        <div className="actions">
          <button type="submit" disabled={busy || !customerId || !assignReason.trim()}>
            Assign
          </button>
        </div>
      </form>
      <form
        className="hand-form"
        aria-label={`Send back ${credit.bankReference}`}
        onSubmit={(event) => event.preventDefault()}
      >
        <h3>Send back to the payer</h3>
        <p className="muted">
          A payment of {money(credit.amount, credit.currency)} to {credit.payerName ?? 'the payer'} (
          {credit.payerAccount ? accountText(credit.payerAccount) : 'no account given'}) from the receiving account.
        </p>
        <label>
          Reason for sending back
          <textarea
            value={sendBackReason}
            onChange={(e) => setSendBackReason(e.target.value)}
            maxLength={500}
            rows={2}
          />
        </label>
        <div className="actions">
          {sendBackReason.trim() ? (
            <ConfirmButton
              label="Send back"
              question={`Send ${money(credit.amount, credit.currency)} back to ${credit.payerName ?? 'the payer'}?`}
              confirm="Yes, send it back"
              busy={busy}
              onConfirm={sendBack}
            />
          ) : (
            <span className="muted">Give a reason to send it back.</span>
          )}
        </div>
      </form>
      <ErrorLine error={error} />
    </div>
  );
}

function CreditCard(props: { credit: Credit; canDecide: boolean; onDone: (outcome: string) => void }) {
  const { credit } = props;
  return (
    <article className="card decision" data-credit={credit.id} aria-label={`Credit ${credit.bankReference}`}>
      <header>
        <strong className="amount">{money(credit.amount, credit.currency)}</strong>
        <Badge status={credit.status} />
      </header>
      <p>
        <strong>Why it waits:</strong> {credit.reason ?? '—'}
      </p>
      <dl>
        <div className="pair">
          <dt>Payer</dt>
          <dd>{credit.payerName ?? '—'}</dd>
        </div>
        <div className="pair">
          <dt>Payer's account</dt>
          <dd className="mono">{credit.payerAccount ? accountText(credit.payerAccount) : '—'}</dd>
        </div>
        <div className="pair">
          <dt>Booking reference</dt>
          <dd className="mono">{credit.bankReference}</dd>
        </div>
        <div className="pair">
          <dt>Booked</dt>
          <dd>{bookedText(credit.bookedAt)}</dd>
        </div>
        <div className="pair">
          <dt>Remittance</dt>
          <dd>{credit.remittance.length ? credit.remittance.join(' / ') : '—'}</dd>
        </div>
        <div className="pair">
          <dt>Paid to</dt>
          <dd>
            <span className="mono">{accountText(credit.account)}</span>
            {credit.rail ? ` by ${credit.rail}` : ''}
          </dd>
        </div>
        <div className="pair">
          <dt>Customer it named</dt>
          <dd>{credit.customerId ? <CustomerName customerId={credit.customerId} /> : 'none'}</dd>
        </div>
      </dl>
      {props.canDecide && <Decide credit={credit} onDone={props.onDone} />}
    </article>
  );
}

/**
 * Money paid in that named one of the organization's customers but could not be credited, newest first, each with
 * why; members who may approve assign it to a customer or send it back to the payer, with a reason (audited).
 */
export function BankCreditsSuspensePage({ session }: { session: Session }) {
  // The queue pages by the body's `nextCursor`; the first page is the newest.
  const [cursor, setCursor] = useState<string>();
  const loaded = useLoad<Queue>(`${BASE}/suspense${query({ cursor })}`);
  const next = loaded.data?.nextCursor;
  const [outcome, setOutcome] = useState<string>();
  const credits = loaded.data?.items ?? [];
  const done = (text: string) => {
    setOutcome(text);
    loaded.reload();
  };
  return (
    <Page title="Bank credits in suspense" loaded={loaded}>
      <div className="actions">
        <button type="button" className="secondary" onClick={loaded.reload}>
          Refresh
        </button>
      </div>
      <Note note={outcome} />
      {loaded.data && credits.length === 0 && <p className="muted">No credit waits in suspense.</p>}
      {credits.map((credit) => (
        <CreditCard key={credit.id} credit={credit} canDecide={session.permissions.includes('approve')} onDone={done} />
      ))}
      {(next || cursor) && (
        <div className="pager">
          {cursor && (
            <button type="button" className="secondary" onClick={() => setCursor(undefined)}>
              First page
            </button>
          )}
          {next && (
            <button type="button" className="secondary" onClick={() => setCursor(next)}>
              Next page
            </button>
          )}
        </div>
      )}
    </Page>
  );
}
