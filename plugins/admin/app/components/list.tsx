import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useQuery } from '../router.tsx';
import { ErrorNotice } from './ui.tsx';

/** Loads what a screen shows, again when a dependency (a filter in the URL) changes. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error) => current && setState({ error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, tick]);
  return { ...state, reload: () => setTick((t) => t + 1) };
}

export function Loading({ state, children }: { state: { data?: unknown; error?: unknown; loading: boolean }; children: () => ComponentChildren }) {
  if (state.error) return <ErrorNotice error={state.error} />;
  if (state.data === undefined) return <p class="muted" aria-busy="true">Loading…</p>;
  return <>{children()}</>;
}

export const PAGE_SIZE = 25;

/** The API's page envelope as links: page numbers live in the URL's `page`. */
export function Pager({ count, label = 'items', param = 'page' }: { count: number; label?: string; param?: string }) {
  const [query, setQuery] = useQuery();
  const page = Math.max(1, Number(query[param] ?? 1) || 1);
  const last = Math.max(1, Math.ceil(count / PAGE_SIZE));
  return (
    <nav class="pager" aria-label={`Pages of ${label}`}>
      <span>
        {count} {label} · page {page} of {last}
      </span>
      <button type="button" class="btn btn-plain" disabled={page <= 1} onClick={() => setQuery({ [param]: page > 2 ? page - 1 : undefined })}>
        Previous
      </button>
      <button type="button" class="btn btn-plain" disabled={page >= last} onClick={() => setQuery({ [param]: page + 1 })}>
        Next
      </button>
    </nav>
  );
}

/** `page` and `page_size` for a list call, from the URL. */
export function pageParams(query: Record<string, string>, param = 'page'): { page: number; page_size: number } {
  return { page: Math.max(1, Number(query[param] ?? 1) || 1), page_size: PAGE_SIZE };
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}

export interface Column {
  label: string;
  /** Right-aligned (amounts, counts). */
  num?: boolean;
  /** Read by screen readers only (an actions column). */
  hidden?: boolean;
}

/**
 * A page of a list as a table with its pager, "Loading…" until it arrives, the refusal if there is
 * one, and the empty message when nothing matches.
 */
export function PagedTable<T>({ state, empty, label, columns, row, class: cls, param }: { state: { data?: { count: number; results: T[] }; error?: unknown; loading: boolean }; empty: string; label: string; columns: (string | Column)[]; row: (item: T) => ComponentChildren; class?: string; param?: string }) {
  return (
    <Loading state={state}>
      {() =>
        state.data!.count === 0 ? (
          <Empty>{empty}</Empty>
        ) : (
          <>
            <div class="table-wrap" tabIndex={0}>
              <table class={cls}>
                <thead>
                  <tr>
                    {columns.map((c) => {
                      const col = typeof c === 'string' ? { label: c } : c;
                      return (
                        <th scope="col" class={col.num ? 'num' : undefined}>
                          {col.hidden ? <span class="sr-only">{col.label}</span> : col.label}
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody>{state.data!.results.map(row)}</tbody>
              </table>
            </div>
            <Pager count={state.data!.count} label={label} param={param} />
          </>
        )
      }
    </Loading>
  );
}

/** A list's search box: the text goes into the URL's `search` when submitted (back to page 1). */
export function SearchBox({ label = 'Search', placeholder, children }: { label?: string; placeholder?: string; children?: ComponentChildren }) {
  const [query, setQuery] = useQuery();
  const [text, setText] = useState(query.search ?? '');
  return (
    <form
      class="filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        setQuery({ search: text, page: undefined });
      }}
    >
      <label>
        {label} <input type="search" name="search" value={text} placeholder={placeholder} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
      </label>
      {children}
      <button class="btn btn-plain" type="submit">
        Search
      </button>
    </form>
  );
}
