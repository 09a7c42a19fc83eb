import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { TestStore } from '../../../test/helpers/store.ts';

/**
 * A browser without JavaScript over `store.inject`: keeps cookies, asks for HTML, posts forms
 * url-encoded with the form token of the `csrftoken` cookie (unless told otherwise).
 */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(readonly store: TestStore) {}

  get token(): string | undefined {
    return this.cookies.get('csrftoken');
  }

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.send('GET', url);
  }

  /** Posts a form; `csrf_token` is the visitor's own unless the form gives one. */
  async post(url: string, form: Record<string, string>, opts: { token?: boolean } = {}): Promise<LightMyRequestResponse> {
    if (opts.token === false) return this.send('POST', url, form);
    if (!this.token) await this.get('/');
    return this.send('POST', url, { csrf_token: this.token!, ...form });
  }

  /** Follows a redirect answer within the store. */
  async follow(res: LightMyRequestResponse): Promise<LightMyRequestResponse> {
    assert.equal(res.statusCode, 303, `expected a redirect, got ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return this.get(String(res.headers.location).replace(/^https:\/\/store\.test/, ''));
  }

  private async send(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await this.store.inject({ method, url, headers, payload: form ? new URLSearchParams(form).toString() : undefined });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (c.value === '' || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, decodeURIComponent(c.value));
    }
    return res;
  }
}

/** The text of the first element matching a simple `attr` marker, e.g. `data-cart-total`. */
export function textOf(html: string, marker: string): string | undefined {
  const match = new RegExp(`${marker}[^>]*>([^<]*)<`).exec(html);
  return match?.[1]?.trim();
}

export function notice(html: string): string | undefined {
  return /class="notice (?:error|success)"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1]?.replace(/\s+/g, ' ').trim();
}
