import { useState } from 'react';
import { type Customer, type CustomerOverview, query, rowsOf } from '../api.ts';
import { Page, RowsTable, show, useLoad, when } from '../ui.tsx';

export function CustomersPage() {
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const loaded = useLoad<Customer[]>(`/api/v2/customers${query({ search: applied })}`);
  return (
    <Page title="Customers" loaded={loaded}>
      <form
        className="inline"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(search.trim());
        }}
      >
        <input
          name="search"
          placeholder="Name, e-mail or id"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label="Search customers"
        />
        <button type="submit">Search</button>
      </form>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>E-mail</th>
            <th>Type</th>
            <th>KYC</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {rowsOf(loaded.data).map((customer) => (
            <tr key={customer.customerId}>
              <td>
                <a href={`#/customers/${customer.customerId}`}>{customer.name}</a>
              </td>
              <td>{customer.email ?? '—'}</td>
              <td>{customer.accountType ?? '—'}</td>
              <td>{customer.kycStatus}</td>
              <td>{when(customer.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}

export function CustomerPage({ customerId }: { customerId: string }) {
  const loaded = useLoad<CustomerOverview>(`/api/console/customers/${encodeURIComponent(customerId)}/overview`);
  const overview = loaded.data;
  return (
    <Page title={overview ? overview.customer.name : 'Customer'} loaded={loaded}>
      <p>
        <a href="#/customers">← Customers</a>
      </p>
      {overview && (
        <>
          <dl className="card">
            <dt>Customer</dt>
            <dd className="mono">{overview.customer.customerId}</dd>
            <dt>E-mail</dt>
            <dd>{show(overview.customer.email)}</dd>
            <dt>KYC</dt>
            <dd>{overview.customer.kycStatus}</dd>
            <dt>Balance</dt>
            <dd>
              {show(overview.balance.balance)} {overview.balance.currency}
            </dd>
          </dl>
          <h2>Withdrawal banks</h2>
          <RowsTable
            rows={overview.banks}
            columns={['beneficiaryName', 'currency', 'iban', 'accountNumber', 'status']}
            empty="No banks."
          />
          <h2>Deposit wallets</h2>
          <RowsTable rows={overview.wallets} columns={['chain', 'address', 'status']} empty="No wallets." />
          <h2>Transactions</h2>
          <RowsTable
            rows={overview.transactions}
            columns={['id', 'type', 'status', 'sourceAmount', 'targetAmount', 'targetCurrency', 'createdAt']}
            empty="No transactions."
          />
        </>
      )}
    </Page>
  );
}
