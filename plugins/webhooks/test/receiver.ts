import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the loopback receiver got it: headers and the exact raw body. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: any;
}

/** What the receiver does with the next request: answer a status (with a body), or never answer. */
export type Reply = { status: number; body?: string; location?: string } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** Replies for the coming requests, in order; once used up, `fallback` answers. */
  script: Reply[];
  fallback: Reply;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 (a loopback host, so plain http is allowed) recording every delivery. */
export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const hanging = new Set<http.ServerResponse>();
  const state: Receiver = { url: '', received: [], script: [], fallback: { status: 200, body: 'ok' }, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      state.received.push({ headers: req.headers, raw, body });
      const reply = state.script.shift() ?? state.fallback;
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'text/plain', ...(reply.location ? { location: reply.location } : {}) }).end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
