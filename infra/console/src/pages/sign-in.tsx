import type { Session } from '../api.ts';
import { signIn } from '../passkeys.ts';
import { ErrorLine, useAction } from '../ui.tsx';

export function SignInPage({ onDone }: { onDone: (session: Session) => void }) {
  const { busy, error, run } = useAction();
  return (
    <section className="card">
      <h1>Sign in</h1>
      <p>Sign in with the passkey you created when you accepted your invite. There are no passwords.</p>
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          run(async () => {
            onDone(await signIn());
            return undefined;
          })
        }
      >
        Sign in with a passkey
      </button>
      <ErrorLine error={error} />
    </section>
  );
}
