import { useState } from 'react';
import { call, type Session, type Settings, type SettingsChange } from '../api.ts';
import { ErrorLine, Note, Page, show, useAction, useLoad } from '../ui.tsx';

/** The organization's settings: features, allowance and the approvals threshold (owners change them). */
export function SettingsPage({ session }: { session: Session }) {
  const loaded = useLoad<Settings>('/api/console/settings');
  const settings = loaded.data;
  const allowance = settings?.withdrawalAllowance?.enabled ? settings.withdrawalAllowance.allowance : undefined;
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
        <dd>{show(settings?.requiredApprovals ?? session.organization.requiredApprovals)}</dd>
        <dt>Features</dt>
        <dd>
          {Object.entries(settings?.features ?? {})
            .map(([feature, on]) => `${feature}: ${on ? 'on' : 'off'}`)
            .join(', ') || '—'}
        </dd>
        <dt>Withdrawal allowance</dt>
        <dd>
          {allowance
            ? `${show(allowance.available)} of ${show(allowance.limit)} USDC available (${show(allowance.spent)} spent), ` +
              `resets every ${show(allowance.resetPeriodMinutes)} min, next ${show(allowance.nextResetAt)}`
            : 'not enabled'}
        </dd>
        <dt>Fees</dt>
        <dd>
          {settings?.fees
            ? `${show(settings.fees.feeBps)} bps, at least ${show(settings.fees.minFee)} USDC; ` +
              `${show(settings.fees.fxSpreadBps)} bps FX spread on ECB rates (live)`
            : '—'}
        </dd>
        <dt>Updated</dt>
        <dd>{show(settings?.updatedAt)}</dd>
      </dl>
      {session.permissions.includes('settings') && (
        <form
          className="card inline"
          onSubmit={(event) => {
            event.preventDefault();
            run(async () => {
              await call('PATCH', '/api/console/settings', {
                requiredApprovals: Number(approvals),
              } satisfies SettingsChange);
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
