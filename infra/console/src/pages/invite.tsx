import { useState } from 'react';
import type { Session } from '../api.ts';
import { acceptInvite } from '../passkeys.ts';
import { ErrorLine, useAction } from '../ui.tsx';

/** `#/invite/<token>`: the invited person names themselves and registers a passkey; that signs them in. */
export function InvitePage({ token, onDone }: { token: string; onDone: (session: Session) => void }) {
  const [name, setName] = useState('');
  const { busy, error, run } = useAction();
  return (
    <section className="card">
      <h1>Join the console</h1>
      <p>You were invited to an organization. Give your name and create a passkey on this device to join.</p>
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
