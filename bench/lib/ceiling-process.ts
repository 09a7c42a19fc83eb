// The ceiling: a bare node:https server that answers every request with one fixed response.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { serveParent } from './ipc.ts';

let server: https.Server | undefined;
let response = { status: 200, headers: {} as Record<string, string>, body: Buffer.alloc(0) };

serveParent({
  async start(message: { cert: string; key: string }) {
    server = https.createServer({ cert: message.cert, key: message.key }, (req, res) => {
      req.resume();
      res.writeHead(response.status, response.headers);
      res.end(response.body);
    });
    // Fastify's default, so both servers treat idle keep-alive connections alike.
    server.keepAliveTimeout = 72_000;
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port };
  },
  async serve(message: { status: number; headers: Record<string, string>; body: string }) {
    response = { status: message.status, headers: message.headers, body: Buffer.from(message.body, 'base64') };
  },
  async stop() {
    server?.closeAllConnections();
    server?.close();
    setImmediate(() => process.exit(0));
  },
});
