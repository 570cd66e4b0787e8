import { useState } from 'react';
import { type Customer, type CustomerOverview, query, rowsOf } from '../api.ts';
import { ibanGroups, money, words } from '../format.ts';
import { Badge, Page, RowsTable, show, useLoad, when } from '../ui.tsx';

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
              <td>{customer.accountType ? words(customer.accountType) : '—'}</td>
              <td>
                <Badge status={customer.kycStatus} />
              </td>
              <td className="nowrap">{when(customer.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}

type Wallet = CustomerOverview['wallets'][number];
type Bank = CustomerOverview['banks'][number];

/** The bank a deposit wallet pays out to, by its beneficiary, currency and account; else where its USDC goes. */
function paysOutTo(wallet: Wallet, banks: Bank[]): string {
  if (!wallet.withdrawalBankId) return "The customer's USDC balance";
  const bank = banks.find((candidate) => candidate.id === wallet.withdrawalBankId);
  if (!bank) return `Bank ${wallet.withdrawalBankId}`;
  const account = bank.iban ? ibanGroups(bank.iban) : (bank.accountNumber ?? '');
  return `${bank.beneficiaryName}, ${bank.currency} ${account}`;
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
            <dt>Customer id</dt>
            <dd className="mono">{overview.customer.customerId}</dd>
            <dt>E-mail</dt>
            <dd>{show(overview.customer.email)}</dd>
            <dt>KYC</dt>
            <dd>
              <Badge status={overview.customer.kycStatus} />
            </dd>
            <dt>Balance</dt>
            <dd>
              {money(overview.balance.balance, 'USDC')} ({money(overview.balance.availableBalance, 'USDC')} available)
            </dd>
          </dl>
          <h2>Withdrawal banks</h2>
          <RowsTable
            rows={overview.banks}
            rowKey={(bank) => bank.id}
            columns={[
              { title: 'Beneficiary', cell: (bank) => bank.beneficiaryName },
              { title: 'Currency', cell: (bank) => bank.currency },
              {
                title: 'Account',
                cell: (bank) => (bank.iban ? ibanGroups(bank.iban) : show(bank.accountNumber)),
                className: 'mono nowrap',
              },
              { title: 'Status', cell: (bank) => <Badge status={bank.status} /> },
            ]}
            empty="No banks."
          />
          <h2>Deposit wallets</h2>
          <p className="muted">
            USDC sent to a bank's deposit wallet is paid out to that bank; other wallets credit the customer's balance.
          </p>
          <RowsTable
            rows={overview.wallets}
            rowKey={(wallet) => wallet.id}
            columns={[
              { title: 'Chain', cell: (wallet) => words(wallet.chain) },
              { title: 'Address', cell: (wallet) => wallet.address, className: 'mono' },
              { title: 'Pays out to', cell: (wallet) => paysOutTo(wallet, overview.banks) },
              { title: 'State', cell: (wallet) => (wallet.enabled ? 'Enabled' : 'Disabled') },
              { title: 'Since', cell: (wallet) => when(wallet.createdAt), className: 'nowrap' },
            ]}
            empty="No wallets."
          />
          <h2>Transactions</h2>
          {overview.transactions.length === 0 ? (
            <p className="muted">No transactions.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">Reference</th>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Paid out</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {overview.transactions.map((t) => (
                  <tr key={t.id}>
                    <td>
                      <a className="mono" href={`#/transactions/${t.id}`}>
                        {t.reference}
                      </a>
                    </td>
                    <td>{words(t.type)}</td>
                    <td>
                      <Badge status={t.status} />
                    </td>
                    <td className="amount-cell">{money(t.sourceAmount, t.sourceCurrency)}</td>
                    <td className="amount-cell">{money(t.targetAmount, t.targetCurrency)}</td>
                    <td>{when(t.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Page>
  );
}
