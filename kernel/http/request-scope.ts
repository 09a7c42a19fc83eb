import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '../logger.ts';

// The request a route handler is serving, for code far from it (a hook tap, a service) that logs on
// the request's behalf: its logger carries the request id.
const scope = new AsyncLocalStorage<{ log: Logger }>();

/** Runs a route handler with its request's logger reachable through `requestLogger`. */
export function inRequestScope<T>(log: Logger, run: () => T): T {
  return scope.run({ log }, run);
}

/** The logger of the request being served (with its reqId), or `fallback` outside a request. */
export function requestLogger(fallback: Logger): Logger {
  return scope.getStore()?.log ?? fallback;
}
