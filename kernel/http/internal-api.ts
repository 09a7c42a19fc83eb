import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The REST API called from inside the process: server-rendered pages (the storefront) read and change
 * the store through exactly the routes an integrator uses, so they see the same resources, the same
 * authorisation and the same errors. A call runs the whole request pipeline without a socket.
 */
export interface InternalRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query: `/api/v1/products/?limit=20`. */
  url: string;
  /** Cookies to send as the visitor's (session, cart, CSRF); none for an anonymous read. */
  cookies?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** The visitor's address: rate limits and credential throttling count it, not the process's. */
  remoteAddress?: string;
}

export interface InternalResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The parsed JSON body (null for an empty answer). */
  body: T;
  /** The `Set-Cookie` headers of the answer, for the page to pass on to the browser. */
  setCookies: string[];
}

export interface InternalApi {
  request<T = any>(request: InternalRequest): Promise<InternalResponse<T>>;
}

// A marker only this process knows: the HTTPS guard and the rate limiter let such calls through (the
// page request that made them came over HTTPS and was counted already).
const MARK_HEADER = 'x-storekeep-internal';
const MARK = crypto.randomBytes(24).toString('base64url');
const MARK_BYTES = Buffer.from(MARK);
// The requests whose marker was checked and held: the HTTPS guard, the rate limiter and the answer's
// keeping each ask, and the timing-safe comparison is made once (a request without the header costs
// nothing more than before).
const verified = new WeakSet<object>();

/** Whether a request was made through the internal API of this process. */
export function isInternalCall(request: FastifyRequest): boolean {
  const given = request.headers[MARK_HEADER];
  if (typeof given !== 'string' || given.length !== MARK.length) return false;
  if (verified.has(request.raw)) return true;
  if (!crypto.timingSafeEqual(Buffer.from(given), MARK_BYTES)) return false;
  verified.add(request.raw);
  return true;
}

/**
 * What each internal call's route answered, taken as Fastify is about to write it. Written out, an
 * answer went through `app.inject`'s response, which copies every chunk into a Buffer, gathers them
 * into one more and decodes that to text: three copies of a 30 KB product list per call, allocated
 * outside V8's heap, where glibc kept the memory the storefront's pages had used at their busiest
 * (bench/README.md, "The internal API's answers as they were sent").
 */
const answers = new WeakMap<object, string | Buffer>();

/**
 * onSend hook, the app's last: an internal call's body (a string, or the bytes the ETag and the
 * response cache share) is kept for `internalApi` and nothing is written. Every other answer, and a
 * stream, goes out as it is.
 */
export function keepInternalAnswer(request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void {
  if ((typeof payload === 'string' || Buffer.isBuffer(payload)) && isInternalCall(request)) {
    answers.set(request.raw, payload);
    return done(null, '');
  }
  done(null, payload);
}

/** The body `keepInternalAnswer` kept for this response (its Content-Length, of the empty body sent, dropped), else the one written. */
function bodyText(res: { body: string; headers: Record<string, unknown>; raw: { req?: object } }): string {
  const kept = res.raw.req && answers.get(res.raw.req);
  if (kept === undefined) return res.body;
  answers.delete(res.raw.req!);
  delete res.headers['content-length'];
  return typeof kept === 'string' ? kept : kept.toString();
}

function cookieHeader(cookies: Record<string, string | undefined> | undefined): string | undefined {
  if (!cookies) return undefined;
  const pairs = Object.entries(cookies).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `${k}=${encodeURIComponent(v!)}`);
  return pairs.length ? pairs.join('; ') : undefined;
}

/** The internal API over a built app (`app.inject`; the app installs `keepInternalAnswer` last). */
export function internalApi(app: FastifyInstance): InternalApi {
  return {
    async request<T>(req: InternalRequest): Promise<InternalResponse<T>> {
      const headers: Record<string, string> = { accept: 'application/json', ...req.headers, [MARK_HEADER]: MARK };
      const cookie = cookieHeader(req.cookies);
      if (cookie) headers.cookie = cookie;
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      const res = await app.inject({
        method: req.method ?? 'GET',
        url: req.url,
        headers,
        remoteAddress: req.remoteAddress,
        ...(req.body !== undefined ? { payload: JSON.stringify(req.body) } : {}),
      });
      const raw = res.headers['set-cookie'];
      const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)];
      const text = bodyText(res as unknown as { body: string; headers: Record<string, unknown>; raw: { req?: object } });
      let body: unknown = null;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      return { status: res.statusCode, headers: res.headers as InternalResponse['headers'], body: body as T, setCookies };
    },
  };
}
