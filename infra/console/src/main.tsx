import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError, call, describe, type Session } from './api.ts';
import { ApiKeysPage } from './pages/api-keys.tsx';
import { ApprovalsPage } from './pages/approvals.tsx';
import { AuditPage } from './pages/audit.tsx';
import { BankCreditsSuspensePage } from './pages/bank-credits-suspense.tsx';
import { BanksToConfirmPage } from './pages/banks-to-confirm.tsx';
import { CustomerPage, CustomersPage } from './pages/customers.tsx';
import { HomePage } from './pages/home.tsx';
import { InvitePage } from './pages/invite.tsx';
import { KycReviewPage } from './pages/kyc-review.tsx';
import { MembersPage } from './pages/members.tsx';
import { PayoutOperationsPage } from './pages/payout-operations.tsx';
import { ReconciliationPage } from './pages/reconciliation.tsx';
import { ReviewsPage } from './pages/reviews.tsx';
import { SettingsPage } from './pages/settings.tsx';
import { SignInPage } from './pages/sign-in.tsx';
import { TransactionPage } from './pages/transaction.tsx';
import { TransactionsPage } from './pages/transactions.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';
import { ErrorLine } from './ui.tsx';
import './styles.css';

/** Hash routes (`#/approvals`): the invite token stays in the fragment, which never reaches a server log. */
const useHash = () => {
  const [hash, setHash] = useState(window.location.hash.slice(1) || '/approvals');
  useEffect(() => {
    const onChange = () => setHash(window.location.hash.slice(1) || '/approvals');
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return hash;
};

const NAV: { path: string; label: string; permission: string }[] = [
  { path: '/home', label: 'Home', permission: 'read' },
  { path: '/approvals', label: 'Approvals', permission: 'read' },
  { path: '/confirm-banks', label: 'Banks to confirm', permission: 'read' },
  { path: '/reviews', label: 'Reviews', permission: 'review' },
  { path: '/customers', label: 'Customers', permission: 'read' },
  { path: '/transactions', label: 'Transactions', permission: 'read' },
  { path: '/reconciliation', label: 'Reconciliation', permission: 'read' },
  { path: '/suspense', label: 'Credits in suspense', permission: 'read' },
  { path: '/payout-operations', label: 'Payout operations', permission: 'operate' },
  { path: '/members', label: 'Members', permission: 'read' },
  { path: '/api-keys', label: 'API keys', permission: 'manageKeys' },
  { path: '/webhooks', label: 'Webhooks', permission: 'manageWebhooks' },
  { path: '/settings', label: 'Settings', permission: 'read' },
  { path: '/audit', label: 'Audit log', permission: 'audit' },
];

function Routed({ hash, session }: { hash: string; session: Session }) {
  const [route = '', id = ''] = hash.slice(1).split('/');
  switch (route) {
    case 'home':
      return <HomePage />;
    case 'customers':
      return id ? <CustomerPage customerId={decodeURIComponent(id)} /> : <CustomersPage />;
    case 'transactions':
      return id ? <TransactionPage transactionId={decodeURIComponent(id)} /> : <TransactionsPage session={session} />;
    case 'reconciliation':
      return <ReconciliationPage />;
    case 'suspense':
      return <BankCreditsSuspensePage session={session} />;
    case 'payout-operations':
      return <PayoutOperationsPage session={session} />;
    case 'members':
      return <MembersPage session={session} />;
    case 'api-keys':
      return <ApiKeysPage />;
    case 'webhooks':
      return <WebhooksPage />;
    case 'settings':
      return <SettingsPage session={session} />;
    case 'audit':
      return <AuditPage />;
    case 'reviews':
      return id ? <KycReviewPage customerId={decodeURIComponent(id)} /> : <ReviewsPage />;
    case 'confirm-banks':
      return <BanksToConfirmPage session={session} />;
    default:
      return <ApprovalsPage session={session} />;
  }
}

function App() {
  const hash = useHash();
  const [session, setSession] = useState<Session | null>();
  const [error, setError] = useState<string>();
  const refresh = useCallback(() => {
    call<Session>('GET', '/api/console/session')
      .then(setSession)
      .catch((failure: unknown) => {
        // 401: no session (or an expired one), so sign in; anything else is worth showing as it is.
        setSession(null);
        if (!(failure instanceof ApiError && failure.status === 401)) setError(describe(failure));
      });
  }, []);
  useEffect(refresh, [refresh]);

  const signedIn = (next: Session) => {
    setSession(next);
    setError(undefined);
    window.location.hash = '#/approvals';
  };
  const signOut = async (path: string) => {
    try {
      await call('POST', path);
      setSession(null);
    } catch (failure) {
      setError(describe(failure));
    }
  };

  if (hash.startsWith('/invite/')) return <InvitePage token={hash.slice('/invite/'.length)} onDone={signedIn} />;
  if (session === undefined) return <p className="muted">Loading…</p>;
  if (session === null)
    return (
      <>
        <ErrorLine error={error} />
        <SignInPage onDone={signedIn} />
      </>
    );
  return (
    <div className="layout">
      <nav>
        <div className="org">
          {session.organization.name}
          <span className={`badge ${session.organization.environment}`}>{session.organization.environment}</span>
        </div>
        {NAV.filter((item) => session.permissions.includes(item.permission)).map((item) => (
          <a key={item.path} href={`#${item.path}`} className={hash.startsWith(item.path) ? 'active' : ''}>
            {item.label}
          </a>
        ))}
        <div className="me">
          <div>{session.member.name}</div>
          <div className="muted">
            {session.member.email} · {session.member.role}
          </div>
          <button type="button" onClick={() => signOut('/api/console/sign-out')}>
            Sign out
          </button>
          <button type="button" onClick={() => signOut('/api/console/sign-out-everywhere')}>
            Sign out everywhere
          </button>
        </div>
      </nav>
      <main>
        <ErrorLine error={error} />
        <Routed hash={hash} session={session} />
      </main>
    </div>
  );
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
