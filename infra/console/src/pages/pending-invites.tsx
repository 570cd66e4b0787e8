import { call, type Invite, type PendingInvite, type Session } from '../api.ts';
import { mayInviteRole } from '../roles.ts';
import { ConfirmButton, ErrorLine, type Loaded, Note, useAction, when } from '../ui.tsx';

type Action = ReturnType<typeof useAction>;

function InviteRow(props: { invite: PendingInvite; session: Session; onChange: () => void; action: Action }) {
  const { invite, session, onChange } = props;
  const { busy, run } = props.action;
  const manage = session.permissions.includes('invite') && mayInviteRole(session.member.role, invite.role);
  return (
    <tr>
      <td>{invite.email}</td>
      <td>{invite.role}</td>
      <td>{invite.invitedBy}</td>
      <td>{when(invite.validUntil)}</td>
      <td>
        {manage && (
          <>
            <button
              type="button"
              className="secondary"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  const sent = await call<Invite>('POST', `/api/console/invites/${invite.inviteId}/resend`);
                  onChange();
                  return `A new link was mailed to ${sent.email}, valid until ${when(sent.validUntil)}; the old one no longer works`;
                })
              }
            >
              Resend
            </button>{' '}
            <ConfirmButton
              label="Revoke"
              question={`Revoke the invite of ${invite.email}? Its link stops working.`}
              confirm="Yes, revoke"
              busy={busy}
              onConfirm={() =>
                run(async () => {
                  await call('POST', `/api/console/invites/${invite.inviteId}/revoke`);
                  onChange();
                  return `The invite of ${invite.email} is revoked`;
                })
              }
            />
          </>
        )}
      </td>
    </tr>
  );
}

/** Invites mailed and not yet accepted, revoked or expired, with resend and revoke for those who may invite. */
export function PendingInvites({ loaded, session }: { loaded: Loaded<PendingInvite[]>; session: Session }) {
  const invites = loaded.data ?? [];
  // One outcome line for the list: a resent or revoked invite's row is gone once the list reloads.
  const action = useAction();
  return (
    <>
      <h2>Pending invites</h2>
      <ErrorLine error={loaded.error} />
      <Note note={action.note} />
      <ErrorLine error={action.error} />
      {invites.length === 0 ? (
        <p className="muted">No invite is waiting to be accepted.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Invited by</th>
              <th scope="col">Expires</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {invites.map((invite) => (
              <InviteRow
                key={invite.inviteId}
                invite={invite}
                session={session}
                onChange={loaded.reload}
                action={action}
              />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
