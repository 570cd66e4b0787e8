import { useState } from 'react';
import { call, type Session, type Settings, type SettingsChange } from '../api.ts';
import { duration, localTime, money, percentOfBps } from '../format.ts';
import { ErrorLine, Note, Page, useAction, useLoad } from '../ui.tsx';

/** `1 member signs`, `2 distinct members sign`. */
const signaturesNeeded = (count: number) => (count === 1 ? '1 member signs' : `${count} distinct members sign`);

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
        <dd>{session.organization.name}</dd>
        <dt>Environment</dt>
        <dd>{session.organization.environment === 'live' ? 'Live: real money' : 'Sandbox: test money only'}</dd>
        <dt>Signatures needed</dt>
        <dd>
          {signaturesNeeded(settings?.requiredApprovals ?? session.organization.requiredApprovals)} each withdrawal over
          the allowance or the balance
        </dd>
        <dt>Features</dt>
        <dd>
          {settings
            ? [
                `Customers in the console: ${settings.features.customers ? 'on' : 'off'}`,
                `Withdrawals by API key: ${settings.features.apiWithdrawals ? 'on' : 'off'}`,
              ].join('; ')
            : '—'}
        </dd>
        <dt>Withdrawal allowance</dt>
        <dd>
          {allowance ? (
            <>
              {money(allowance.available, 'USDC')} of {money(allowance.limit, 'USDC')} left (
              {money(allowance.spent, 'USDC')} spent); resets every {duration(allowance.resetPeriodMinutes)}, next{' '}
              {localTime(allowance.nextResetAt)}.
              <br />
              <span className="muted">
                What API withdrawals may pay out without signatures. Withdrawals approved by signatures do not count
                against it.
              </span>
            </>
          ) : (
            'Not enabled: every API withdrawal waits for signatures'
          )}
        </dd>
        <dt>Fees</dt>
        <dd>
          {settings?.fees
            ? `${percentOfBps(settings.fees.feeBps)} of each withdrawal, at least ${money(settings.fees.minFee, 'USDC')}; ` +
              `${percentOfBps(settings.fees.fxSpreadBps)} taken off the ECB rate (live organizations)`
            : '—'}
        </dd>
        <dt>Payee checks not possible</dt>
        <dd>
          {settings?.payeeVerification
            ? `When the payee's bank cannot answer the name check, a new bank ${
                settings.payeeVerification.whenNotPossible === 'confirm'
                  ? 'waits until a member confirms it in Banks to confirm'
                  : 'goes on as if the name matched'
              } (${
                settings.payeeVerification.source === 'organization'
                  ? "this organization's setting"
                  : "the deployment's default"
              })`
            : '—'}
        </dd>
        <dt>Last changed</dt>
        <dd>{localTime(settings?.updatedAt)}</dd>
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
            Signatures needed
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
