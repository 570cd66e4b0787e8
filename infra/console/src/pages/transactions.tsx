import { useState } from 'react';
import { query, type Row, rowsOf } from '../api.ts';
import { Page, RowsTable, useLoad } from '../ui.tsx';

const STATUSES = ['PROPOSED', 'PARTIALLY_SIGNED', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED', 'EXPIRED'];

export function TransactionsPage() {
  const [status, setStatus] = useState('');
  const loaded = useLoad<Row[] | { items: Row[] }>(`/api/console/transactions${query({ status, limit: '100' })}`);
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
