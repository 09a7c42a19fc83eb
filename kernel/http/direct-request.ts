import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Logger } from '../logger.ts';
import type { ListPositions } from './list-positions.ts';
import type { Principal } from './principal.ts';
import { requestLogger } from './request-logger.ts';

/**
 * What the handler of a route marked `direct` may read of its request: the part of Fastify's request
 * that the direct transport (direct-reads.ts) gives as well, so that one handler answers through both.
 * Fastify's request has every one of these fields, with the same meaning.
 */
export interface DirectRequest {
  readonly id: string;
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** Validated (and coerced) by the route's querystring schema. */
  query: any;
  /** Validated (and coerced) by the route's params schema. */
  params: any;
  readonly ip: string;
  readonly cookies: Record<string, string | undefined>;
  readonly raw: IncomingMessage;
  principal: Principal;
  /** The negotiated language and currency (negotiation.ts). */
  lang: string;
  currency: string;
  readonly log: Logger;
  readonly server: { listPositions?: ListPositions };
}

/** What such a handler may do to its reply: set headers and the content type, and serialise with a schema. */
export interface DirectReply {
  header(name: string, value: unknown): unknown;
  type(contentType: string): unknown;
  getHeader(name: string): unknown;
  /** A serializer for `schema` compiled as the route's response schemas are (once per schema). */
  compileSerializationSchema(schema: object, httpStatus?: string): (data: any) => string;
}

/** The parts every lean request of one store shares. */
export interface LeanParts {
  logger: Logger;
  server: { listPositions?: ListPositions };
  parseCookie: (header: string) => Record<string, string | undefined>;
}

const NO_COOKIES: Record<string, string | undefined> = Object.freeze({}) as Record<string, string | undefined>;

/** A request as the direct transport hands it to a route's handler (and to `kernel.authenticate`). */
export class LeanRequest implements DirectRequest {
  readonly method = 'GET';
  readonly headers: IncomingHttpHeaders;
  readonly url: string;
  readonly ip: string;
  principal: Principal;
  lang = '';
  currency = '';
  /** What @fastify/rate-limit reads of a request's route (its pattern, for the paths it exempts). */
  readonly routeOptions: { url: string; config: Record<string, unknown> };
  private cookieJar?: Record<string, string | undefined>;
  private logged?: Logger;

  constructor(
    readonly raw: IncomingMessage,
    readonly id: string,
    public params: any,
    public query: any,
    principal: Principal,
    route: string,
    private readonly parts: LeanParts,
  ) {
    this.routeOptions = { url: route, config: {} };
    this.headers = raw.headers;
    this.url = raw.url ?? '/';
    this.ip = raw.socket.remoteAddress ?? '';
    this.principal = principal;
  }

  get cookies(): Record<string, string | undefined> {
    if (!this.cookieJar) {
      const header = this.headers.cookie;
      this.cookieJar = header ? this.parts.parseCookie(header) : NO_COOKIES;
    }
    return this.cookieJar;
  }

  // Made when first written to, as Fastify's request logger is (request-logger.ts).
  get log(): Logger {
    return (this.logged ??= requestLogger(this.parts.logger, { reqId: this.id }, {}));
  }

  get server(): { listPositions?: ListPositions } {
    return this.parts.server;
  }
}

type Serialize = (data: any) => string;

/** A reply as the direct transport hands it to a route's handler: headers, a type, a status. */
export class LeanReply implements DirectReply {
  readonly headers: Record<string, unknown> = {};
  statusCode = 200;

  constructor(private readonly serializerFor: (schema: object, httpStatus: string) => Serialize) {}

  header(name: string, value: unknown): this {
    this.headers[name.toLowerCase()] = value;
    return this;
  }

  type(contentType: string): this {
    return this.header('content-type', contentType);
  }

  getHeader(name: string): unknown {
    return this.headers[name.toLowerCase()];
  }

  code(status: number): this {
    this.statusCode = status;
    return this;
  }

  compileSerializationSchema(schema: object, httpStatus = '200'): Serialize {
    return this.serializerFor(schema, httpStatus);
  }
}
