import { useState } from 'react';
import {
  call,
  type Invite,
  type InviteMember,
  type Member,
  type PendingInvite,
  type Role,
  type Session,
  valuesOf,
} from '../api.ts';
import { roleAbilities } from '../roles.ts';
import { Badge, ErrorLine, Note, Page, RowsTable, useAction, useLoad, when } from '../ui.tsx';
import { PendingInvites } from './pending-invites.tsx';

const ROLES = valuesOf<Role>({
  viewer: true,
  developer: true,
  approver: true,
  compliance: true,
  admin: true,
  owner: true,
});

export function MembersPage({ session }: { session: Session }) {
  const loaded = useLoad<Member[]>('/api/console/members');
  const invites = useLoad<PendingInvite[]>('/api/console/invites');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('approver');
  const { busy, error, note, run } = useAction();
  return (
    <Page title="Members" loaded={loaded}>
      <RowsTable
        rows={loaded.data ?? []}
        rowKey={(m) => m.id}
        columns={[
          { title: 'Name', cell: (m) => m.name },
          { title: 'E-mail', cell: (m) => m.email, className: 'nowrap' },
          { title: 'Role', cell: (m) => m.role },
          { title: 'Status', cell: (m) => <Badge status={m.status} /> },
          { title: 'Joined', cell: (m) => when(m.createdAt), className: 'nowrap' },
        ]}
        empty="No members yet."
      />
      <PendingInvites loaded={invites} session={session} />
      <h2>What each role may do</h2>
      <table>
        <tbody>
          {ROLES.map((r) => (
            <tr key={r}>
              <th scope="row">{r}</th>
              <td>{roleAbilities(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {session.permissions.includes('invite') && (
        <form
          className="card"
          onSubmit={(event) => {
            event.preventDefault();
            run(async () => {
              const invite = await call<Invite>('POST', '/api/console/invites', {
                email: email.trim(),
                role,
              } satisfies InviteMember);
              setEmail('');
              invites.reload();
              return `Invite mailed to ${invite.email} as ${invite.role}, valid until ${when(invite.validUntil)}`;
            });
          }}
        >
          <h2>Invite a member</h2>
          <label>
            E-mail
            <input name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </label>
          <label>
            Role
            <select name="role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {ROLES.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={busy}>
            Send invite
          </button>
          <Note note={note} />
          <ErrorLine error={error} />
        </form>
      )}
    </Page>
  );
}
