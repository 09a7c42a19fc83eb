import crypto from 'node:crypto';
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Seconds a client is told to wait before retrying on another instance or the restarted one. */
const RETRY_AFTER_SECONDS = 5;

const SHUTTING_DOWN = JSON.stringify({ detail: 'The store is shutting down; retry in a moment.', code: 'shutting_down' });

/**
 * The port stays open at least this long after the last new connection: a client that connected while
 * the store was stopping gets its 503, rather than a connection the closing listener resets.
 */
const QUIET_MS = 500;

interface DrainState {
  begin(): void;
  idleConnections(): Promise<number>;
  lastConnectionAt: number;
}

const drains = new WeakMap<FastifyInstance, DrainState>();

/**
 * Graceful stop without connection resets. Closing a kept-alive connection while its client is sending
 * the next request on it resets that request, so a stopping store first keeps its port open and:
 * answers every request that arrives from then on with a 503 in the API's shape (`Connection: close`,
 * `Retry-After`), sends `Connection: close` on the answers of requests already in progress, and waits
 * until no connection is left idle (each closes after its answer) and no new one came for QUIET_MS, or
 * the grace period ends. Only then does the server close (kernel.ts `stop()`), which waits for the
 * in-flight requests.
 *
 * Installed last in buildApp: it wraps every `request` listener, the cached-hit path's too.
 */
export function installDrain(app: FastifyInstance): void {
  const server = app.server as unknown as HttpServer;
  const listeners = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (draining) return refuse(res);
    for (const listener of listeners) listener.call(server, req, res);
  });
  const state: DrainState = {
    lastConnectionAt: 0,
    begin() {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
    },
    // One request at a time per HTTP/1.1 connection: connections beyond the requests in progress are idle.
    idleConnections: () =>
      new Promise((resolve) => server.getConnections((err, count) => resolve(err ? 0 : Math.max(0, count - inFlight.size)))),
  };
  server.on('connection', () => {
    if (draining) state.lastConnectionAt = Date.now();
  });
  drains.set(app, state);
}

function refuse(res: ServerResponse): void {
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(SHUTTING_DOWN),
    'retry-after': String(RETRY_AFTER_SECONDS),
    connection: 'close',
    'x-request-id': crypto.randomUUID(),
  });
  res.end(SHUTTING_DOWN);
}

/**
 * Starts the drain of a listening app and resolves when no kept-alive connection is idle any more and
 * no new connection came for a moment, or after `graceMs`; the caller then closes the app. Nothing to do for an app that never listened.
 */
export async function drainConnections(app: FastifyInstance, graceMs: number): Promise<void> {
  const drain = drains.get(app);
  if (!drain || !app.server.listening) return;
  drain.begin();
  const started = Date.now();
  drain.lastConnectionAt = started;
  const until = started + graceMs;
  const quiet = Math.min(QUIET_MS, graceMs);
  const busy = async () => Date.now() - drain.lastConnectionAt < quiet || (await drain.idleConnections()) > 0;
  while (Date.now() < until && (await busy())) await new Promise((resolve) => setTimeout(resolve, 25));
}
