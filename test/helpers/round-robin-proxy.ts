import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildConnector, Pool } from 'undici';

/** What the proxy did: answers passed on, requests sent again elsewhere, requests it could not place. */
export interface ProxyTally {
  forwarded: number;
  /** A backend refused or dropped the connection before it was made, or answered 503 `shutting_down`: sent to the next backend. */
  retried: number;
  /** Every backend refused: answered 502 (a lost request, from the client's side). */
  failed: number;
  perBackend: number[];
}

/**
 * A small load balancer on loopback, as an operator puts in front of several Storekeep instances: plain
 * HTTP in, HTTPS to the backends (self-signed certificates accepted), round robin, `X-Forwarded-For`
 * appended. Like nginx's `proxy_next_upstream error http_503`, a request is sent to the next backend when
 * one refuses the connection, drops it before it is made (TLS handshake included), or answers the 503
 * `shutting_down` a stopping store gives to requests it has not started; each means the request was not
 * processed, so repeating it is safe for any method. Anything else (an answer, or a connection that
 * fails once the request is on its way) is passed on as it is.
 */
export class RoundRobinProxy {
  readonly tally: ProxyTally;
  private readonly pools: Pool[];
  private server?: http.Server;
  private next = 0;
  port = 0;

  constructor(backends: string[]) {
    this.pools = backends.map((origin) => new Pool(origin, { connect: markConnectFailures(buildConnector({ rejectUnauthorized: false })), connections: 32, keepAliveTimeout: 4000 }));
    this.tally = { forwarded: 0, retried: 0, failed: 0, perBackend: backends.map(() => 0) };
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void this.forward(req, Buffer.concat(chunks), res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  private async forward(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): Promise<void> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const client = req.socket.remoteAddress ?? '127.0.0.1';
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${client}` : client;
    headers['x-forwarded-proto'] = 'https';
    const start = this.next++ % this.pools.length;
    for (let i = 0; i < this.pools.length; i++) {
      const index = (start + i) % this.pools.length;
      try {
        const answer = await this.pools[index]!.request({ method: req.method as 'GET', path: req.url!, headers, body: body.length ? body : undefined });
        const payload = Buffer.from(await answer.body.arrayBuffer());
        if (answer.statusCode === 503 && isShuttingDown(payload)) {
          this.tally.retried++;
          continue;
        }
        this.tally.forwarded++;
        this.tally.perBackend[index]!++;
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value as string | string[];
        }
        res.writeHead(answer.statusCode, out);
        res.end(payload);
        return;
      } catch (err) {
        if (!refusedBeforeSending(err)) {
          this.tally.failed++;
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`proxy: ${(err as Error).message}`);
          return;
        }
        this.tally.retried++;
      }
    }
    this.tally.failed++;
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('proxy: every backend refused');
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await Promise.all(this.pools.map((p) => p.destroy()));
  }
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'host', 'content-length']);

function isShuttingDown(payload: Buffer): boolean {
  try {
    return JSON.parse(payload.toString('utf8')).code === 'shutting_down';
  } catch {
    return false;
  }
}

const CONNECTING = Symbol('failed while connecting');

/**
 * Marks an error raised while the connection to a backend was being made: refused, or reset before
 * the TLS handshake ended (a stopping backend closing a connection it had accepted, or a listener that
 * is closing). undici hands every such error to the connector's callback.
 */
function markConnectFailures(connect: buildConnector.connector): buildConnector.connector {
  return (options, callback) =>
    connect(options, (err, socket) => {
      if (err) callback(Object.assign(err, { [CONNECTING]: true }), null);
      else callback(null, socket!);
    });
}

// A connection that failed while being made never carried the request: nothing was sent, so the request
// may go to the other instance, as a load balancer's retry on a connect error does (nginx's
// `proxy_next_upstream error`).
function refusedBeforeSending(err: unknown): boolean {
  return (err as { [CONNECTING]?: true })[CONNECTING] === true;
}
