import type { InjectOptions, LightMyRequestResponse } from 'fastify';

type Inject = (opts: InjectOptions) => Promise<LightMyRequestResponse>;

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser over `inject`: keeps the cookies the store sets (sessionid, csrftoken, the cart cookie),
 * sends them back, and adds X-CSRFToken on state changes, as the storefront's own pages do.
 */
export class BrowserSession {
  readonly cookies = new Map<string, string>();

  /** `fixed` headers go with every request (an API key's `authorization`: then no CSRF token is fetched). */
  constructor(
    private readonly inject: Inject,
    private readonly fixed: Record<string, string> = {},
  ) {}

  /** The headers a request of this browser carries: `cookie` and, when it holds one, `x-csrftoken`. */
  headers(): Record<string, string> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const csrf = this.cookies.get('csrftoken');
    if (csrf) headers['x-csrftoken'] = csrf;
    return headers;
  }

  /** A JSON request; answers the parsed body, or throws naming the method, path, status and body unless `expect` matches. */
  async json(method: string, url: string, body?: unknown, expect: number | number[] = [200, 201]): Promise<any> {
    const upper = method.toUpperCase();
    if (!SAFE.has(upper) && !this.fixed.authorization && !this.cookies.has('csrftoken')) await this.json('GET', '/api/v1/auth/csrf/');
    const res = await this.inject({
      method: upper as InjectOptions['method'],
      url,
      headers: { ...this.fixed, ...this.headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    this.remember(res);
    const wanted = Array.isArray(expect) ? expect : [expect];
    if (!wanted.includes(res.statusCode)) throw new Error(`${upper} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.body ? res.json() : undefined;
  }

  private remember(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}
