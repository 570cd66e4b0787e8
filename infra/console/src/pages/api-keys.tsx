import { useState } from 'react';
import { type ApiKey, call, type NewApiKey } from '../api.ts';
import { Badge, ConfirmButton, ErrorLine, Note, Page, useAction, useLoad, when } from '../ui.tsx';

export function ApiKeysPage() {
  const loaded = useLoad<ApiKey[]>('/api/console/api-keys');
  const [created, setCreated] = useState<string>();
  const { busy, error, note, run } = useAction();
  return (
    <Page title="API keys" loaded={loaded}>
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          run(async () => {
            const key = await call<NewApiKey>('POST', '/api/console/api-keys');
            setCreated(key.apiKey);
            loaded.reload();
            return undefined;
          })
        }
      >
        Create API key
      </button>
      {created && (
        <div className="card secret">
          <p>Your new key, shown only now. Store it in your secret manager:</p>
          <code className="mono" data-testid="new-api-key">
            {created}
          </code>
        </div>
      )}
      <Note note={note} />
      <ErrorLine error={error} />
      <table>
        <thead>
          <tr>
            <th>Key</th>
            <th>Status</th>
            <th>Created</th>
            <th>By</th>
            <th>Last used</th>
            <th>Revoked</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {loaded.data?.map((key) => (
            <tr key={key.id}>
              <td className="mono nowrap">{key.hint}</td>
              <td>
                <Badge status={key.status} />
              </td>
              <td>{when(key.createdAt)}</td>
              <td>{key.createdBy ?? 'the operator'}</td>
              <td>{key.lastUsedAt ? when(key.lastUsedAt) : 'never'}</td>
              <td>{when(key.revokedAt)}</td>
              <td>
                {key.status === 'ACTIVE' && (
                  <ConfirmButton
                    label="Revoke"
                    question={`Revoke ${key.hint}? Requests with it are refused from the next one.`}
                    confirm="Yes, revoke"
                    busy={busy}
                    onConfirm={() =>
                      run(async () => {
                        await call('POST', `/api/console/api-keys/${key.id}/revoke`);
                        loaded.reload();
                        return `Revoked ${key.hint}`;
                      })
                    }
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}
