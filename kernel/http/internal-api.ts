import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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

/** Whether a request was made through the internal API of this process. */
export function isInternalCall(request: FastifyRequest): boolean {
  const given = request.headers[MARK_HEADER];
  return typeof given === 'string' && given.length === MARK.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(MARK));
}

function cookieHeader(cookies: Record<string, string | undefined> | undefined): string | undefined {
  if (!cookies) return undefined;
  const pairs = Object.entries(cookies).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `${k}=${encodeURIComponent(v!)}`);
  return pairs.length ? pairs.join('; ') : undefined;
}

/** The internal API over a built app (`app.inject`). */
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
      const text = res.body;
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
