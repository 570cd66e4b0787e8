import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { callWithNext, describe } from './api.ts';
import { localTime, words } from './format.ts';

export type Loaded<T> = {
  data: T | undefined;
  /** The next page's path, when the answer pages on (a `Link` header). */
  next: string | null;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
};

/** GETs `path` (null: nothing yet) and again on `reload()`; a failure keeps the API's error text. */
export function useLoad<T>(path: string | null): Loaded<T> {
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ data?: T; next?: string | null; error?: string; loading: boolean }>({
    loading: path !== null,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger, read by nothing inside.
  useEffect(() => {
    if (path === null) return;
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    callWithNext<T>('GET', `${path}`)
      .then(({ body, next }) => current && setState({ data: body, next, loading: false }))
      .catch((error: unknown) => current && setState({ error: describe(error), loading: false }));
    // A later load (or leaving the page) makes this answer stale.
    return () => {
      current = false;
    };
  }, [path, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data: state.data, next: state.next ?? null, error: state.error, loading: state.loading, reload };
}

/** Runs one change at a time and keeps its outcome (the API's error, or a note) for the page to show. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [note, setNote] = useState<string>();
  const run = useCallback(async (action: () => Promise<string | undefined>) => {
    setBusy(true);
    setError(undefined);
    setNote(undefined);
    try {
      setNote(await action());
    } catch (failure) {
      setError(describe(failure));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, note, run };
}

export const ErrorLine = ({ error }: { error: string | undefined }) =>
  error ? (
    <p className="error" role="alert">
      {error}
    </p>
  ) : null;

export const Note = ({ note }: { note: string | undefined }) =>
  note ? (
    <p className="note" role="status">
      {note}
    </p>
  ) : null;

export function Page(props: { title: string; children: ReactNode; loaded?: Loaded<unknown> }) {
  return (
    <section>
      <h1>{props.title}</h1>
      {props.loaded?.loading && <p className="muted">Loading…</p>}
      <ErrorLine error={props.loaded?.error} />
      {props.children}
    </section>
  );
}

/** A time in the browser's zone, with the zone named. */
export const when = localTime;

/** A status as a coloured badge in words (`PARTIALLY_SIGNED` -> `Partially signed`). */
export const Badge = ({ status }: { status: string }) => (
  <span className={`badge status-${status.toLowerCase()}`}>{words(status)}</span>
);

/** A value of a row whose shape this console does not pin down: text for scalars, compact JSON otherwise. */
export function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A column of `RowsTable`: its title for people and how a row shows in it. */
export type Column<Row> = { title: string; cell: (row: Row) => ReactNode; className?: string };

/** A table of rows, one cell per column, or a line saying there are none. */
export function RowsTable<Row>(props: {
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  empty: string;
}) {
  if (!props.rows.length) return <p className="muted">{props.empty}</p>;
  return (
    <table>
      <thead>
        <tr>
          {props.columns.map((column) => (
            <th scope="col" key={column.title}>
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)}>
            {props.columns.map((column) => (
              <td key={column.title} className={column.className}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A change that cannot be undone, asked twice: `<label>…` opens the question with "Yes, <verb>" and "Keep it";
 * only the second answer acts.
 */
export function ConfirmButton(props: {
  label: string;
  question: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="danger" onClick={() => setAsking(true)}>
        {props.label}…
      </button>
    );
  }
  return (
    <span className="confirm">
      {props.question}{' '}
      <button type="button" className="danger" disabled={props.busy} onClick={props.onConfirm}>
        {props.confirm}
      </button>{' '}
      <button type="button" className="secondary" onClick={() => setAsking(false)}>
        Keep it
      </button>
    </span>
  );
}

/**
 * A page's filters: the fields edit a draft, Search applies it, Clear empties both; applying calls `onApply` (a
 * page goes back to its first page).
 */
export function useFilters<F extends Record<string, string>>(empty: F, onApply: () => void) {
  const [draft, setDraft] = useState<F>(empty);
  const [filters, setFilters] = useState<F>(empty);
  const apply = (next: F) => {
    setFilters(next);
    onApply();
  };
  return {
    draft,
    filters,
    set: (field: keyof F) => (event: { target: { value: string } }) =>
      setDraft({ ...draft, [field]: event.target.value }),
    search: () => apply(draft),
    clear: () => {
      setDraft(empty);
      apply(empty);
    },
  };
}

/** The form of `useFilters`: its fields, then Search and Clear. */
export function FilterForm(props: { filters: { search: () => void; clear: () => void }; children: ReactNode }) {
  return (
    <form
      className="filters"
      onSubmit={(event) => {
        event.preventDefault();
        props.filters.search();
      }}
    >
      {props.children}
      <div className="actions">
        <button type="submit">Search</button>
        <button type="button" className="secondary" onClick={props.filters.clear}>
          Clear
        </button>
      </div>
    </form>
  );
}
