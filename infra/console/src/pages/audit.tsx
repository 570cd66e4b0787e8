import { useState } from 'react';
import { type AuditEntry, type Member, query } from '../api.ts';
import { ibanGroups, words } from '../format.ts';
import { Page, useLoad, when } from '../ui.tsx';

/** Each audited action in words (shared/console/README.md, "Audit log"). */
const ACTION_WORDS: Record<string, string> = {
  'member.invited': 'Invited a member',
  'member.invite_resent': 'Sent an invite again (new link)',
  'member.invite_revoked': 'Revoked an invite',
  'member.joined': 'Joined',
  'session.signed_in': 'Signed in',
  'session.signed_out': 'Signed out',
  'session.signed_out_everywhere': 'Signed out everywhere',
  'withdrawal.signed': 'Signed a withdrawal',
  'withdrawal.rejected': 'Rejected a withdrawal',
  'withdrawal.approved_by_operator': 'Operator approved a withdrawal',
  'withdrawal.rejected_by_operator': 'Operator rejected a withdrawal',
  'withdrawal_bank.payee_confirmed': "Confirmed a bank's payee",
  'withdrawal_bank.payee_rejected': "Rejected a bank's payee",
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
  'settings.changed': 'Changed settings',
  'transactions.exported_with_accounts': 'Exported transactions with full account numbers',
  'webhook_endpoint.created': 'Added a webhook endpoint',
  'webhook_endpoint.updated': 'Changed a webhook endpoint',
  'webhook_endpoint.deleted': 'Deleted a webhook endpoint',
  'webhook_endpoint.secret_rotated': 'Rotated a webhook secret',
  'webhook_endpoint.tested': 'Sent a webhook test',
  'webhook_delivery.retried': 'Retried a webhook delivery',
  'customer.kyc.review_approved': "Approved a customer's KYC",
  'customer.kyc.review_rejected': "Rejected a customer's KYC",
  'customer.kyc.review_awaiting_second': 'Gave a KYC verdict (waits for a second reviewer)',
  'withdrawal_bank.review_approved': 'Approved a withdrawal bank',
  'withdrawal_bank.review_rejected': 'Rejected a withdrawal bank',
  'virtual_account.review_approved': 'Opened a virtual account',
  'virtual_account.review_rejected': 'Refused a virtual account',
  'reviews.settings_changed': 'Changed the number of KYC reviewers',
  'payout.settlement_proposed': 'Proposed settling a payout by hand',
  'payout.settlement_approved': 'Approved settling a payout by hand',
  'payout.settlement_rejected': 'Rejected settling a payout by hand',
  'bank_credit.assigned': 'Assigned a credit in suspense',
  'bank_credit.sent_back': 'Sent a credit in suspense back',
  'bank_credit.assigned_by_operator': 'Operator assigned a credit in suspense',
  'bank_credit.sent_back_by_operator': 'Operator sent a credit in suspense back',
};

/** `requiredApprovals` -> `required approvals`: detail keys as words. */
const detailWords = (key: string) => key.replace(/([A-Z])/g, ' $1').toLowerCase();

/**
 * Details kept as evidence, not for reading: a passkey signature's parts (verified again with the admin CLI), the
 * ids the entry's other columns already name, and the hint and reference the "Of" column shows.
 */
const EVIDENCE = new Set([
  'credentialId',
  'challengeId',
  'nonce',
  'authenticatorData',
  'clientDataJSON',
  'signature',
  'userHandle',
  'customerId',
  'inviteId',
  'replacesInviteId',
  'hint',
  'reference',
  'bankReference',
]);

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** Details whose values are codes (`CLOSE_MATCH`, `CONFIRM`); amounts' currencies stay as they are. */
const CODED = new Set(['result', 'decision', 'status', 'outcome']);

/** A detail's value for people: codes in words, an IBAN in groups of four. */
const readable = (key: string, value: string) =>
  IBAN.test(value) ? ibanGroups(value) : CODED.has(key) ? words(value) : value;

/** What a finance person reads of an entry's details: no evidence, no empty values. */
const readableDetails = (details: AuditEntry['details']) =>
  Object.entries(details)
    .filter(([key, value]) => !EVIDENCE.has(key) && value !== '')
    .map(([key, value]) => `${detailWords(key)}: ${readable(key, value)}`)
    .join('; ');

function Target({ entry, names }: { entry: AuditEntry; names: Map<string, string> }) {
  // Entries written before they carried the reference name the withdrawal without it.
  if (entry.action.startsWith('withdrawal.') || entry.action.startsWith('payout.'))
    return (
      <a href={`#/transactions/${entry.target}`} className={entry.details.reference ? 'mono nowrap' : undefined}>
        {entry.details.reference ?? 'the withdrawal'}
      </a>
    );
  if (entry.action.startsWith('bank_credit.') && entry.details.bankReference)
    return <span className="mono nowrap">the credit {entry.details.bankReference}</span>;
  if (entry.action.startsWith('withdrawal_bank.')) return <>the bank of {entry.details.beneficiary ?? 'a customer'}</>;
  if (entry.action.startsWith('api_key.') && entry.details.hint)
    return <span className="mono nowrap">{entry.details.hint}</span>;
  const name = names.get(entry.target);
  if (name) return <>{name}</>;
  if (entry.action.startsWith('session.') || entry.target === entry.actor.id) return <>themselves</>;
  // An invite's target is its e-mail address: a name for people, never broken inside.
  if (entry.target.includes('@')) return <span className="nowrap">{entry.target}</span>;
  return <span className="mono">{entry.target}</span>;
}

export function AuditPage() {
  const [action, setAction] = useState('');
  const loaded = useLoad<AuditEntry[]>(`/api/console/audit-log${query({ action, limit: '100' })}`);
  const members = useLoad<Member[]>('/api/console/members');
  // Members by id and by e-mail: entries name people by both.
  const names = new Map<string, string>();
  for (const member of members.data ?? []) {
    names.set(member.id, member.name);
    names.set(member.email, member.name);
  }
  // Rows wait for the members too: an entry shown before them would flash an e-mail where a name belongs.
  const rows = members.loading ? undefined : loaded.data;
  return (
    <Page title="Audit log" loaded={{ ...loaded, loading: loaded.loading || members.loading }}>
      <label className="filter">
        Action
        <select name="action" value={action} onChange={(e) => setAction(e.target.value)}>
          <option value="">Every action</option>
          {Object.entries(ACTION_WORDS).map(([code, words]) => (
            <option key={code} value={code}>
              {words}
            </option>
          ))}
        </select>
      </label>
      <table>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Of</th>
            <th scope="col">From</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {rows?.map((entry) => (
            <tr key={entry.entryId}>
              <td className="nowrap">{when(entry.at)}</td>
              <td>
                {entry.actor.kind === 'operator' ? (
                  <>
                    The operator <span className="nowrap">({entry.actor.email})</span>
                  </>
                ) : (
                  (names.get(entry.actor.email) ?? entry.actor.email)
                )}
              </td>
              <td>{ACTION_WORDS[entry.action] ?? words(entry.action)}</td>
              <td>
                <Target entry={entry} names={names} />
              </td>
              <td className="nowrap">{entry.sourceAddress}</td>
              <td>{readableDetails(entry.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}
