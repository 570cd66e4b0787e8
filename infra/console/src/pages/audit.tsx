import { useState } from 'react';
import { type AuditEntry, query } from '../api.ts';
import { Page, useLoad, when } from '../ui.tsx';

const ACTIONS = [
  'member.invited',
  'member.joined',
  'session.signed_in',
  'session.signed_out',
  'session.signed_out_everywhere',
  'withdrawal.signed',
  'withdrawal.rejected',
  'withdrawal.approved_by_operator',
  'withdrawal.rejected_by_operator',
];

export function AuditPage() {
  const [action, setAction] = useState('');
  const loaded = useLoad<AuditEntry[]>(`/api/console/audit-log${query({ action, limit: '100' })}`);
  return (
    <Page title="Audit log" loaded={loaded}>
      <label className="filter">
        Action
        <select name="action" value={action} onChange={(e) => setAction(e.target.value)}>
          <option value="">every action</option>
          {ACTIONS.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </label>
      <table>
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>Action</th>
            <th>Target</th>
            <th>From</th>
            <th>Details</th>
          </tr>
        </thead>
        <tbody>
          {loaded.data?.map((entry) => (
            <tr key={entry.entryId}>
              <td>{when(entry.at)}</td>
              <td>
                {entry.actor.email} <span className="muted">({entry.actor.kind})</span>
              </td>
              <td>{entry.action}</td>
              <td className="mono">{entry.target}</td>
              <td>{entry.sourceAddress}</td>
              <td>
                {Object.entries(entry.details)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}
