import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/**
 * The panel's routing: real URLs under /admin/ (links can be shared, the back button works), filters
 * and pages in the query string.
 */
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
window.addEventListener('popstate', notify);

export function navigate(href: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  notify();
  if (!options.replace) window.scrollTo(0, 0);
}

export function useLocation(): URL {
  const [, setTick] = useState(0);
  useEffect(() => {
    const listener = () => setTick((t) => t + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return new URL(location.href);
}

/** The query string as an object, and a setter that keeps the rest and drops empty values. */
export function useQuery(): [Record<string, string>, (changes: Record<string, string | number | undefined>, options?: { replace?: boolean }) => void] {
  const url = useLocation();
  const query = Object.fromEntries(url.searchParams);
  const set = (changes: Record<string, string | number | undefined>, options?: { replace?: boolean }) => {
    const next = new URLSearchParams(url.searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    const search = next.toString();
    navigate(url.pathname + (search ? `?${search}` : ''), options);
  };
  return [query, set];
}

/** `/admin/orders/:id` against a path: the parameters, or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) params[want[i]!.slice(1)] = decodeURIComponent(have[i]!);
    else if (want[i] !== have[i]) return null;
  }
  return params;
}

type LinkProps = JSX.HTMLAttributes<HTMLAnchorElement> & { href: string; children?: ComponentChildren };

/** An ordinary link the panel follows without reloading (a modified click still opens a new tab). */
export function Link({ href, children, ...rest }: LinkProps) {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
