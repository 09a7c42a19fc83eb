import http from 'node:http';
import type { Server } from 'node:https';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';
import { isInternalCall } from './internal-api.ts';

const TLS_HANDSHAKE = 0x16;

/**
 * Lets the HTTPS port answer a plain-HTTP request with a JSON 403 instead of a dropped connection:
 * the first byte of each connection tells a TLS handshake (0x16) from plain text, and plain
 * connections go to an HTTP parser that feeds the same Fastify app, whose guard then refuses them
 * (or accepts them from a trusted proxy that says the client used HTTPS).
 */
export function acceptPlainHttpOnTlsPort(app: FastifyInstance, timeouts: http.ServerOptions = {}): void {
  const server = app.server as unknown as Server;
  const tlsListeners = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  // The same request timeouts and the same answer to a malformed or late request as on TLS.
  const plain = http.createServer(timeouts, (req, res) => server.emit('request', req, res));
  plain.on('clientError', (err, socket) => server.emit('clientError', err, socket));
  // Node starts checking those timeouts when a server starts listening; this one never listens itself.
  plain.emit('listening');
  plain.keepAliveTimeout = server.keepAliveTimeout;
  server.on('connection', (socket: Socket) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      socket.unshift(chunk);
      if (chunk[0] === TLS_HANDSHAKE) for (const listener of tlsListeners) listener.call(server, socket);
      else plain.emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  app.addHook('onClose', async () => {
    plain.closeAllConnections();
    plain.close();
  });
}

/** First request hook: anything that did not arrive over TLS (or via a trusted TLS proxy) is refused. */
export function installHttpsGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.protocol !== 'https' && !isInternalCall(request)) throw new AppError(403, 'https_required', 'HTTPS is required.');
  });
}
