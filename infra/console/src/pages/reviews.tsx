import { useState } from 'react';
import type { components } from '#infra/openapi/generated/console-api-types.ts';
import { call } from '../api.ts';
import { ErrorLine, Note, Page, RowsTable, useAction, useLoad, when } from '../ui.tsx';

type Schemas = components['schemas'];
type QueueEntry = Schemas['KycQueueEntry'];
type BankEntry = Schemas['BankQueueEntry'];
type AccountEntry = Schemas['VirtualAccountQueueEntry'];

/** A decision on a bank or an account: approve at once, or reject with the reason asked for first. */
function Decide(props: { path: string; onDone: () => void }) {
  const { busy, error, note, run } = useAction();
  const [reason, setReason] = useState('');
  const act = (verb: 'approve' | 'reject') =>
    run(async () => {
      await call('POST', `${props.path}/${verb}`, verb === 'reject' ? { reason } : undefined);
      props.onDone();
      return verb === 'approve' ? 'Approved' : 'Rejected';
    });
  return (
    <span className="decide">
      <button type="button" disabled={busy} onClick={() => act('approve')}>
        Approve
      </button>{' '}
      <input aria-label="Reason" placeholder="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />{' '}
      <button type="button" className="danger" disabled={busy || !reason.trim()} onClick={() => act('reject')}>
        Reject
      </button>
      <ErrorLine error={error} />
      <Note note={note} />
    </span>
  );
}

/** What waits for the organization's reviewers: customers' KYC, third parties' and SWIFT banks, virtual accounts. */
export function ReviewsPage() {
  const kyc = useLoad<QueueEntry[]>('/api/console/reviews/kyc');
  const banks = useLoad<BankEntry[]>('/api/console/reviews/banks');
  const accounts = useLoad<AccountEntry[]>('/api/console/reviews/virtual-accounts');
  return (
    <Page title="Reviews" loaded={kyc}>
      <h2>Customers waiting for a KYC verdict</h2>
      <RowsTable
        rows={kyc.data ?? []}
        rowKey={(c) => c.customerId}
        empty="No customer waits for a verdict."
        columns={[
          { title: 'Customer', cell: (c) => <a href={`#/reviews/${c.customerId}`}>{c.name}</a> },
          { title: 'E-mail', cell: (c) => c.email },
          { title: 'Attempt', cell: (c) => c.attempt },
          { title: 'Waiting since', cell: (c) => when(c.waitingSince) },
          {
            title: 'Second review',
            cell: (c) =>
              c.awaitingSecondReview
                ? `${c.awaitingSecondReview.decision} by ${c.awaitingSecondReview.reviewers.map((r) => r.email).join(', ')}`
                : '—',
          },
        ]}
      />
      <h2>Withdrawal banks waiting for review</h2>
      <RowsTable
        rows={banks.data ?? []}
        rowKey={(b) => b.bankId}
        empty="No bank waits for review."
        columns={[
          { title: 'Beneficiary', cell: (b) => b.beneficiaryName },
          { title: 'Customer', cell: (b) => b.customerName ?? b.customerId },
          { title: 'Account', cell: (b) => b.iban ?? b.accountNumber ?? '—', className: 'mono' },
          { title: 'Rail', cell: (b) => `${b.paymentRail} (${b.currency})` },
          {
            title: 'Decision',
            cell: (b) => <Decide path={`/api/console/reviews/banks/${b.bankId}`} onDone={banks.reload} />,
          },
        ]}
      />
      <h2>Virtual accounts waiting for review</h2>
      <RowsTable
        rows={accounts.data ?? []}
        rowKey={(a) => a.virtualAccountId}
        empty="No virtual account waits for review."
        columns={[
          { title: 'Customer', cell: (a) => a.customerName ?? a.customerId },
          { title: 'Holder', cell: (a) => a.accountName ?? '—' },
          { title: 'Currency', cell: (a) => a.currency },
          { title: 'Requested', cell: (a) => when(a.createdAt) },
          {
            title: 'Decision',
            cell: (a) => (
              <Decide path={`/api/console/reviews/virtual-accounts/${a.virtualAccountId}`} onDone={accounts.reload} />
            ),
          },
        ]}
      />
    </Page>
  );
}
