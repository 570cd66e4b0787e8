import { useEffect, useState } from 'react';
import { call, describe, type InvitePreview, type Session } from '../api.ts';
import { localTime } from '../format.ts';
import { acceptInvite } from '../passkeys.ts';
import { roleAbilities } from '../roles.ts';
import { ErrorLine, useAction } from '../ui.tsx';

/** `#/invite/<token>`: the invited person names themselves and registers a passkey; that signs them in. */
export function InvitePage({ token, onDone }: { token: string; onDone: (session: Session) => void }) {
  const [name, setName] = useState('');
  const { busy, error, run } = useAction();
  const [invite, setInvite] = useState<InvitePreview>();
  const [invalid, setInvalid] = useState<string>();
  useEffect(() => {
    call<InvitePreview>('POST', '/api/console/invites/preview', { token })
      .then(setInvite)
      .catch((failure: unknown) => setInvalid(describe(failure)));
  }, [token]);
  return (
    <section className="card">
      <h1>{invite ? `Join ${invite.organizationName}` : 'Join the console'}</h1>
      {invite ? (
        <p>
          {invite.email} is invited to <strong>{invite.organizationName}</strong> as <strong>{invite.role}</strong>:{' '}
          {roleAbilities(invite.role)}. The link works once, until {localTime(invite.validUntil)}. Give your name and
          create a passkey on this device to join.
        </p>
      ) : (
        <p>You were invited to an organization. Give your name and create a passkey on this device to join.</p>
      )}
      <ErrorLine error={invalid} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          run(async () => {
            onDone(await acceptInvite(token, name.trim()));
            return undefined;
          });
        }}
      >
        <label>
          Your name
          <input name="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={140} />
        </label>
        <button type="submit" disabled={busy || !name.trim()}>
          Create passkey and join
        </button>
      </form>
      <ErrorLine error={error} />
    </section>
  );
}
