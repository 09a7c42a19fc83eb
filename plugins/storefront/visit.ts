import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { wantsFresh } from '../../kernel/http/cache-rules.ts';
import { randomToken } from '../../kernel/crypto/random-token.ts';
import type { InternalApi, InternalResponse } from '../../kernel/http/internal-api.ts';
import type { StoreLocale } from '../../kernel/http/negotiation.ts';
import type { RouteRequest } from '../../kernel/routes.ts';

export const CSRF_COOKIE = 'csrftoken';
export const CURRENCY_COOKIE = 'currency';
/** A notice for the next page after a form's redirect (a refusal's detail, a confirmation). */
export const FLASH_COOKIE = 'notice';
const CSRF_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const YEAR_SECONDS = 365 * 24 * 3600;

/** A notice on a page: a locale key and, for a refusal, the API's detail. */
export interface Notice {
  kind: 'success' | 'error';
  key: string;
  text: string | null;
}

/** Where a visitor may be sent back to after a form: a path on this store, never another host. */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f]/.test(value)) return fallback;
  return value;
}

/**
 * One request to a storefront page: the visitor's language (from the URL), currency (remembered in a
 * cookie), form token, and the REST API called as this visitor (their session and cart cookies, their
 * address) or anonymously (catalogue reads, which the response cache serves).
 */
export class Visit {
  /** Set-Cookie headers the API answered with, passed on to the browser. */
  private readonly passedCookies: string[] = [];
  /** Cookies the API set during this visit, sent with its later calls (a login's session, then a logout). */
  private readonly updated = new Map<string, string | null>();
  private csrf?: string;
  /** Public reads made during this visit, by URL: a page and its layout asking for the same one share it. */
  private readonly reads = new Map<string, Promise<InternalResponse>>();
  // The visitor's own GETs of this visit, by URL (see `call`).
  private readonly ownReads = new Map<string, Promise<InternalResponse>>();

  constructor(
    readonly request: RouteRequest,
    readonly reply: FastifyReply,
    readonly lang: string,
    readonly currency: string,
    readonly locale: StoreLocale,
    private readonly api: InternalApi,
  ) {}

  /** `/cart` in this visit's language: `/de/cart` (the default language has no prefix). */
  localize(path: string): string {
    if (!path.startsWith('/') || path.startsWith('//')) return path;
    return this.lang === this.locale.defaultLanguage ? path : `/${this.lang}${path === '/' ? '/' : path}`;
  }

  /** `path` as the page in another of the store's languages (the language switcher's links). */
  localizeFor(lang: string, path: string): string {
    return lang === this.locale.defaultLanguage ? path : `/${lang}${path === '/' ? '/' : path}`;
  }

  /** The visitor's form token (the double-submit `csrftoken` cookie; issued on first need). */
  csrfToken(): string {
    if (this.csrf) return this.csrf;
    const existing = this.request.cookies?.[CSRF_COOKIE];
    this.csrf = existing && CSRF_SHAPE.test(existing) ? existing : randomToken();
    if (this.csrf !== existing) this.reply.setCookie(CSRF_COOKIE, this.csrf, { path: '/', httpOnly: false, secure: true, sameSite: 'lax', maxAge: YEAR_SECONDS });
    return this.csrf;
  }

  /** Whether a posted form carries the visitor's token. */
  formTokenValid(): boolean {
    const sent = (this.request.body as Record<string, unknown> | undefined)?.csrf_token;
    const cookie = this.request.cookies?.[CSRF_COOKIE];
    if (typeof sent !== 'string' || !cookie || sent.length !== cookie.length) return false;
    return crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(cookie));
  }

  /** Leaves a notice for the page the visitor is sent to next (kept for a minute). */
  flash(kind: 'success' | 'error', key: string, detail?: string): void {
    const value = JSON.stringify({ kind, key, ...(detail ? { text: detail.slice(0, 400) } : {}) });
    this.reply.setCookie(FLASH_COOKIE, value, { path: '/', httpOnly: true, secure: true, sameSite: 'lax', maxAge: 60 });
  }

  /** The notice a form left for this page, once (the cookie is cleared). */
  takeFlash(): Notice | null {
    const raw = this.request.cookies?.[FLASH_COOKIE];
    if (!raw) return null;
    this.reply.clearCookie(FLASH_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'lax' });
    try {
      const value = JSON.parse(raw) as { kind?: unknown; key?: unknown; text?: unknown };
      if ((value.kind !== 'success' && value.kind !== 'error') || typeof value.key !== 'string' || !/^[a-z0-9_.]{1,80}$/.test(value.key)) return null;
      return { kind: value.kind, key: value.key, text: typeof value.text === 'string' ? value.text : null };
    } catch {
      return null;
    }
  }

  /** The posted form's fields as strings (a repeated field keeps its first value). */
  form(): Record<string, string> {
    const body = (this.request.body ?? {}) as Record<string, unknown>;
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(body)) out[key] = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
    return out;
  }

  /** Remembers the visitor's currency for a year. */
  rememberCurrency(code: string): void {
    this.reply.setCookie(CURRENCY_COOKIE, code, { path: '/', httpOnly: true, secure: true, sameSite: 'lax', maxAge: YEAR_SECONDS });
  }

  /**
   * The REST API as this visitor: their cookies go along, the form token as X-CSRFToken, the page's
   * language as Accept-Language; cookies the API sets (a new cart, a session) reach the browser. A GET
   * of the same URL twice in one visit (the cart, by the cart page and by the header's item count) is
   * asked for once, until a change (any other method) or an answer that set a cookie, after which the
   * visitor's cookies or the resource may differ.
   */
  call<T = any>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<InternalResponse<T>> {
    if (method !== 'GET') {
      // A change made during the visit (a form's post) may change what a read answered before it.
      this.reads.clear();
      this.ownReads.clear();
      return this.send<T>(method, url, body);
    }
    // An answer that set a cookie (a new cart, a refreshed session) changes what the next GET sends.
    const answer = keptOnce(this.ownReads, url, () =>
      this.send('GET', url).then((res) => {
        if (res.setCookies.length > 0) this.ownReads.clear();
        return res;
      }),
    );
    return answer as Promise<InternalResponse<T>>;
  }

  private async send<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<InternalResponse<T>> {
    const cookies: Record<string, string> = { ...(this.request.cookies as Record<string, string>) };
    for (const [name, value] of this.updated) {
      if (value === null) delete cookies[name];
      else cookies[name] = value;
    }
    if (this.csrf) cookies[CSRF_COOKIE] = this.csrf;
    const headers: Record<string, string> = { 'accept-language': this.lang };
    if (method !== 'GET') headers['x-csrftoken'] = cookies[CSRF_COOKIE] ?? this.csrfToken();
    if (method !== 'GET' && !cookies[CSRF_COOKIE]) cookies[CSRF_COOKIE] = headers['x-csrftoken'];
    const res = await this.api.request<T>({ method, url, cookies, headers, body, remoteAddress: this.request.ip });
    for (const cookie of res.setCookies) this.passCookie(cookie);
    return res;
  }

  /**
   * A public read without the visitor's cookies (served from the response cache when it can be). A
   * page asked with `Cache-Control: no-cache` reads the API fresh too, so that it is computed whole.
   * The same URL read twice in one visit (the category list, by the page and by the header's
   * navigation) is asked for once.
   */
  read<T = any>(url: string): Promise<InternalResponse<T>> {
    const answer = keptOnce(this.reads, url, () => {
      const headers: Record<string, string> = { 'accept-language': this.lang };
      if (wantsFresh(this.request.headers['cache-control'])) headers['cache-control'] = 'no-cache';
      return this.api.request({ url, headers, remoteAddress: this.request.ip });
    });
    return answer as Promise<InternalResponse<T>>;
  }

  /** `url` with `currency=` added when the visitor's currency is not the store's default. */
  inCurrency(url: string): string {
    if (this.currency === this.locale.defaultCurrency) return url;
    return `${url}${url.includes('?') ? '&' : '?'}currency=${encodeURIComponent(this.currency)}`;
  }

  private passCookie(cookie: string): void {
    this.passedCookies.push(cookie);
    const [pair = '', ...attributes] = cookie.split(';');
    const at = pair.indexOf('=');
    if (at > 0) {
      const name = pair.slice(0, at).trim();
      const value = decodeURIComponent(pair.slice(at + 1).trim());
      const expired = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      this.updated.set(name, expired ? null : value);
    }
    const current = this.reply.getHeader('set-cookie');
    const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
    this.reply.header('set-cookie', [...list, cookie]);
  }

  /** Whether the API set cookies for the browser during this visit (the page is then not shared). */
  get setCookies(): boolean {
    return this.passedCookies.length > 0;
  }
}

/** The answer `kept` holds for `url`, else `ask`'s, kept for the next asker; one that failed is not kept, so a later one asks again. */
function keptOnce(kept: Map<string, Promise<InternalResponse>>, url: string, ask: () => Promise<InternalResponse>): Promise<InternalResponse> {
  let answer = kept.get(url);
  if (!answer) {
    answer = ask();
    kept.set(url, answer);
    answer.catch(() => kept.delete(url));
  }
  return answer;
}
