import { type ReactNode, useState } from 'react';
import { ErrorLine, Note, useAction } from './ui.tsx';

/**
 * A card a member decides with a passkey: a withdrawal, a withdrawal batch, a bank Verification of Payee held.
 * It shows what is decided (`children`), one approving action and a rejection with a reason; `reject.confirm`
 * asks once more before the rejection is sent.
 */
export function DecisionCard(props: {
  className: string;
  data: Record<`data-${string}`, string>;
  label?: string;
  title: ReactNode;
  badge: ReactNode;
  children: ReactNode;
  canDecide: boolean;
  approve: {
    text: string;
    disabled?: boolean;
    /** Shown instead of the button when the member has nothing left to sign. */
    done?: string | undefined;
    run: () => Promise<string>;
  };
  reject: {
    text: string;
    /** The question asked before rejecting; none: rejected at once. */
    confirm?: string;
    run: (reason: string) => Promise<string>;
  };
}) {
  const { approve, reject } = props;
  const [reason, setReason] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { busy, error, note, run } = useAction();
  const sendReject = () => run(() => reject.run(reason.trim()));
  return (
    <article className={`card decision ${props.className}`} {...props.data} aria-label={props.label}>
      <header>
        {props.title}
        {props.badge}
      </header>
      {props.children}
      {props.canDecide && (
        <div className="actions">
          {approve.done ? (
            <span className="signer">{approve.done}</span>
          ) : (
            <button type="button" disabled={busy || approve.disabled === true} onClick={() => run(approve.run)}>
              {approve.text}
            </button>
          )}
          {rejecting ? (
            <form
              className="reject-reason"
              onSubmit={(event) => {
                event.preventDefault();
                if (reject.confirm) setConfirming(true);
                else sendReject();
              }}
            >
              <textarea
                name="reason"
                aria-label="Reason for rejecting"
                placeholder="Why it is rejected"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={500}
                rows={3}
                required
              />
              {confirming ? (
                <span className="confirm">
                  {reject.confirm}{' '}
                  <button type="button" className="danger" disabled={busy} onClick={sendReject}>
                    Yes, reject
                  </button>{' '}
                  <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                    Keep it
                  </button>
                </span>
              ) : (
                <button type="submit" className="danger" disabled={busy || !reason.trim()}>
                  {reject.text}
                </button>
              )}
            </form>
          ) : (
            <button type="button" className="secondary" onClick={() => setRejecting(true)}>
              Reject…
            </button>
          )}
        </div>
      )}
      <Note note={note} />
      <ErrorLine error={error} />
    </article>
  );
}
