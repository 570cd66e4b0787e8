import { useState } from 'react';
import { query, rowsOf, type Transaction, valuesOf } from '../api.ts';
import { Page, RowsTable, useLoad } from '../ui.tsx';

const STATUSES = valuesOf<Transaction['status']>({
  PROPOSED: true,
  PARTIALLY_SIGNED: true,
  PROCESSING: true,
  COMPLETED: true,
  FAILED: true,
  CANCELLED: true,
  EXPIRED: true,
});

export function TransactionsPage() {
  const [status, setStatus] = useState('');
  const loaded = useLoad<Transaction[]>(`/api/console/transactions${query({ status, limit: '100' })}`);
  return (
    <Page title="Transactions" loaded={loaded}>
      <label className="filter">
        Status
        <select name="status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">every status</option>
          {STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </label>
      <RowsTable
        rows={rowsOf(loaded.data)}
        columns={['id', 'customerId', 'type', 'status', 'sourceAmount', 'targetAmount', 'targetCurrency', 'createdAt']}
        empty="No transactions."
      />
    </Page>
  );
}
