import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../logger.ts';

/** A request as it ended: what the HTTP metrics count. */
export interface EndedRequest {
  method: string;
  /** The route's pattern (`/api/v1/products/:id/`), or undefined when no route matched. */
  route: string | undefined;
  status: number;
  /** From routing to the last byte written (or to the client leaving), in milliseconds. */
  ms: number;
}

export type RequestEndListener = (ended: EndedRequest) => void;

/**
 * The status a request is counted and logged with when its client closed the connection before the
 * whole answer was written (nginx's "client closed request"): no status reached the client.
 */
export const CLIENT_CLOSED = 499;

const ENDED = Symbol('requestEnded');
type Endable = FastifyRequest & { [ENDED]?: true };

/**
 * One log line per request, written when it ends: Fastify's own "incoming request" line is dropped and
 * its "request completed" line carries the request (id, method, redacted URL, address, masked
 * credential), the route pattern, the status, the caller's kind and the time taken. A response that
 * failed while being written keeps its "request errored" line at error level, with those same fields;
 * a client that left before the answer was complete gets a "request aborted" line (status 499). Each
 * end is also told to `onEnd` (the HTTP metrics). Every other Fastify log line stays as it is.
 *
 * The completed and aborted lines go through `lines` (logger.ts, `requestLineLogger`) with the request
 * id as a field, not through `request.log`: that would make the request's child logger for its one
 * line and redact fields the serializers already wrote. The errored line, which carries an error
 * object, and a route with a log level of its own keep `request.log`.
 */
export class OneLineRequestLog extends LogController {
  constructor(
    private readonly lines: Logger,
    private readonly onEnd: RequestEndListener = () => undefined,
  ) {
    super();
  }

  override incomingRequest(): void {
    // Nothing when a request arrives: its one line is written when it ends.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    this.ended(request, reply, error ?? undefined);
  }

  /**
   * A client that closes the connection before the answer is complete never lets the response finish,
   * so Fastify writes no line for it; this hook notices the close instead. Added first, so it sees every
   * request that reaches routing.
   */
  watchAbortedRequests(app: FastifyInstance): void {
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) this.ended(request, reply, undefined, true);
      });
      done();
    });
  }

  private ended(request: Endable, reply: FastifyReply, error: Error | undefined, aborted = false): void {
    if (request[ENDED]) return;
    request[ENDED] = true;
    const status = aborted ? CLIENT_CLOSED : reply.statusCode;
    const route = request.routeOptions.url;
    const ms = reply.elapsedTime;
    try {
      this.onEnd({ method: request.method, route, status, ms });
    } catch (err) {
      // Called from the response's events: a throw here would end the process.
      reply.log.error({ err }, 'counting the request failed');
    }
    if (this.isLogDisabled(request)) return;
    const line = { req: request, route: route ?? null, res: { statusCode: status }, principal: request.principal?.kind ?? 'anonymous', responseTime: ms };
    const message = aborted ? 'request aborted' : 'request completed';
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (request.routeOptions.logLevel) reply.log.info(line, message);
    else if (this.lines.isLevelEnabled('info')) this.lines.info({ reqId: request.id, ...line }, message);
  }
}
