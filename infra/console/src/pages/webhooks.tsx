import { useEffect, useState } from 'react';
import {
  type CreateWebhookEndpoint,
  call,
  rowsOf,
  type UpdateWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookTestEvent,
} from '../api.ts';
import { counted } from '../format.ts';
import { Badge, ConfirmButton, ErrorLine, Note, Page, useAction, useLoad, when } from '../ui.tsx';

/** How often deliveries still PENDING (after a retry, say) are read again, until none is. */
const PENDING_REFRESH_MS = 2000;

const ENDPOINTS = '/api/v2/webhooks/endpoints';

function Deliveries({ endpointId }: { endpointId: string }) {
  const loaded = useLoad<WebhookDelivery[]>(`${ENDPOINTS}/${endpointId}/deliveries`);
  const { busy, error, note, run } = useAction();
  const rows = rowsOf(loaded.data);
  const pending = rows.some((delivery) => delivery.status === 'PENDING');
  const { reload } = loaded;
  // A retried delivery is attempted by the sender a moment later: its state shows without reloading the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (`loaded.data`) starts the next wait.
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(reload, PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pending, reload, loaded.data]);
  return (
    <div className="deliveries">
      <h3>Deliveries</h3>
      <ErrorLine error={loaded.error ?? error} />
      <Note note={note} />
      {!rows.length && !loaded.error && <p className="muted">No deliveries yet.</p>}
      {rows.map((delivery) => (
        <details key={delivery.id}>
          <summary>
            <Badge status={delivery.status} /> {delivery.eventType} · {counted(delivery.attempts, 'attempt')} ·{' '}
            {when(delivery.createdAt)}
            {delivery.status !== 'DELIVERED' && (
              <button
                type="button"
                className="secondary"
                disabled={busy}
                onClick={() =>
                  run(async () => {
                    await call('POST', `/api/v2/webhooks/deliveries/${delivery.id}/retry`);
                    loaded.reload();
                    return 'Retry scheduled';
                  })
                }
              >
                Retry
              </button>
            )}
          </summary>
          <ul>
            {delivery.attemptLog.map((a) => (
              <li key={a.attempt}>
                #{a.attempt} {when(a.at)}: {a.responseStatus ?? 'no answer'} {a.error ?? ''} ({a.durationMs} ms)
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}

function Endpoint({ endpoint, onChange }: { endpoint: WebhookEndpoint; onChange: () => void }) {
  const [url, setUrl] = useState(endpoint.url);
  const [description, setDescription] = useState(endpoint.description ?? '');
  const [secret, setSecret] = useState<string>();
  const [open, setOpen] = useState(false);
  const { busy, error, note, run } = useAction();
  return (
    <article className="card" aria-label={`Endpoint ${endpoint.url}`}>
      <form
        className="inline"
        onSubmit={(event) => {
          event.preventDefault();
          run(async () => {
            await call('PATCH', `${ENDPOINTS}/${endpoint.id}`, {
              url,
              description: description || null,
            } satisfies UpdateWebhookEndpoint);
            onChange();
            return 'Saved';
          });
        }}
      >
        <input name="url" className="url" value={url} onChange={(e) => setUrl(e.target.value)} aria-label="URL" />
        <input
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="Description"
          aria-label="Description"
        />
        <button type="submit" disabled={busy}>
          Save
        </button>
      </form>
      <p className="muted">
        {endpoint.eventTypes ? endpoint.eventTypes.join(', ') : 'every event type'} · updated {when(endpoint.updatedAt)}
      </p>
      <div className="actions">
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() =>
            run(async () => {
              setSecret(
                (await call<WebhookEndpointWithSecret>('POST', `${ENDPOINTS}/${endpoint.id}/rotate-secret`)).secret,
              );
              return 'Secret rotated';
            })
          }
        >
          Rotate secret
        </button>
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() =>
            run(async () => {
              const sent = await call<WebhookTestEvent>('POST', `${ENDPOINTS}/${endpoint.id}/test`);
              return `Test event ${sent.eventId} queued`;
            })
          }
        >
          Send test
        </button>
        <button type="button" className="secondary" onClick={() => setOpen(!open)}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </button>
        <ConfirmButton
          label="Delete"
          question="Delete this endpoint? It receives nothing more."
          confirm="Yes, delete"
          busy={busy}
          onConfirm={() =>
            run(async () => {
              await call('DELETE', `${ENDPOINTS}/${endpoint.id}`);
              onChange();
              return 'Deleted';
            })
          }
        />
      </div>
      {secret && (
        <p className="secret">
          New signing secret (shown only now): <code className="mono">{secret}</code>
        </p>
      )}
      <Note note={note} />
      <ErrorLine error={error} />
      {open && <Deliveries endpointId={endpoint.id} />}
    </article>
  );
}

export function WebhooksPage() {
  const loaded = useLoad<WebhookEndpoint[]>(ENDPOINTS);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string>();
  const { busy, error, note, run } = useAction();
  return (
    <Page title="Webhooks" loaded={loaded}>
      <form
        className="card inline"
        onSubmit={(event) => {
          event.preventDefault();
          run(async () => {
            const created = await call<WebhookEndpointWithSecret>('POST', ENDPOINTS, {
              url: url.trim(),
            } satisfies CreateWebhookEndpoint);
            setSecret(created.secret);
            setUrl('');
            loaded.reload();
            return `Endpoint ${created.url} created`;
          });
        }}
      >
        <input
          name="url"
          className="url"
          type="url"
          placeholder="https://hooks.example.com/payouts"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          aria-label="Receiver URL"
        />
        <button type="submit" disabled={busy}>
          Add endpoint
        </button>
      </form>
      {secret && (
        <p className="secret">
          Signing secret (shown only now): <code className="mono">{secret}</code>
        </p>
      )}
      <Note note={note} />
      <ErrorLine error={error} />
      {rowsOf(loaded.data).map((endpoint) => (
        <Endpoint key={endpoint.id} endpoint={endpoint} onChange={loaded.reload} />
      ))}
    </Page>
  );
}
