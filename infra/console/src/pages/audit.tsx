import { useState } from 'react';
import { type AuditEntry, type Member, query } from '../api.ts';
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
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
  'settings.changed': 'Changed settings',
  'webhook_endpoint.created': 'Added a webhook endpoint',
  'webhook_endpoint.updated': 'Changed a webhook endpoint',
  'webhook_endpoint.deleted': 'Deleted a webhook endpoint',
  'webhook_endpoint.secret_rotated': 'Rotated a webhook secret',
  'webhook_endpoint.tested': 'Sent a webhook test',
  'webhook_delivery.retried': 'Retried a webhook delivery',
};

/** `requiredApprovals` -> `required approvals`: detail keys as words. */
const detailWords = (key: string) => key.replace(/([A-Z])/g, ' $1').toLowerCase();

function Target({ entry, names }: { entry: AuditEntry; names: Map<string, string> }) {
  if (entry.action.startsWith('withdrawal.')) return <a href={`#/transactions/${entry.target}`}>the withdrawal</a>;
  const name = names.get(entry.target);
  if (name) return <>{name}</>;
  if (entry.action.startsWith('session.') || entry.target === entry.actor.id) return <>themselves</>;
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
  return (
    <Page title="Audit log" loaded={loaded}>
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
          {loaded.data?.map((entry) => (
            <tr key={entry.entryId}>
              <td>{when(entry.at)}</td>
              <td>
                {entry.actor.kind === 'operator'
                  ? `The operator (${entry.actor.email})`
                  : (names.get(entry.actor.email) ?? entry.actor.email)}
              </td>
              <td>{ACTION_WORDS[entry.action] ?? entry.action}</td>
              <td>
                <Target entry={entry} names={names} />
              </td>
              <td>{entry.sourceAddress}</td>
              <td>
                {Object.entries(entry.details)
                  // The passkey's credential id proves the signature (admin CLI); it tells a reader nothing.
                  .filter(([k]) => k !== 'credentialId')
                  .map(([k, v]) => `${detailWords(k)}: ${v}`)
                  .join('; ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}
