import { useState } from 'react';
import { call, type Row, type Session } from '../api.ts';
import { ErrorLine, Note, Page, show, useAction, useLoad } from '../ui.tsx';

/** The organization's settings: features, allowance and the approvals threshold (owners change them). */
export function SettingsPage({ session }: { session: Session }) {
  const loaded = useLoad<Row>('/api/console/settings');
  const [approvals, setApprovals] = useState(String(session.organization.requiredApprovals));
  const { busy, error, note, run } = useAction();
  return (
    <Page title="Organization settings" loaded={loaded}>
      <dl className="card">
        <dt>Organization</dt>
        <dd>
          {session.organization.name} <span className="mono">{session.organization.id}</span>
        </dd>
        <dt>Environment</dt>
        <dd>{session.organization.environment}</dd>
        <dt>Required approvals</dt>
        <dd>{session.organization.requiredApprovals}</dd>
        {Object.entries(loaded.data ?? {}).map(([name, value]) => (
          <div key={name} className="pair">
            <dt>{name}</dt>
            <dd>{show(value)}</dd>
          </div>
        ))}
      </dl>
      {session.permissions.includes('settings') && (
        <form
          className="card inline"
          onSubmit={(event) => {
            event.preventDefault();
            run(async () => {
              await call('PATCH', '/api/console/settings', { requiredApprovals: Number(approvals) });
              loaded.reload();
              return 'Saved';
            });
          }}
        >
          <label>
            Required approvals
            <input
              name="requiredApprovals"
              type="number"
              min={1}
              max={10}
              value={approvals}
              onChange={(e) => setApprovals(e.target.value)}
            />
          </label>
          <button type="submit" disabled={busy}>
            Save
          </button>
          <Note note={note} />
          <ErrorLine error={error} />
        </form>
      )}
    </Page>
  );
}
