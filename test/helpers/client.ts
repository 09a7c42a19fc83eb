import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { startTestStore, type TestStore, type TestStoreOptions } from './store.ts';
import { authHeader, staffApiKey } from './auth.ts';

// JSON clients over a test store: staff (an API key) and anonymous, shared by the plugins' tests.
export type Headers = Record<string, string>;

/** A small JSON client over `store.inject` with fixed headers (an API key, or none: anonymous). */
export class Client {
  constructor(
    readonly store: TestStore,
    readonly headers: Headers = {},
  ) {}

  request(method: string, url: string, body?: unknown, headers: Headers = {}): Promise<LightMyRequestResponse> {
    return this.store.inject({
      method: method as any,
      url,
      headers: { ...this.headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  }

  get(url: string, headers?: Headers) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body: unknown, headers?: Headers) {
    return this.request('POST', url, body, headers);
  }
  put(url: string, body: unknown) {
    return this.request('PUT', url, body);
  }
  patch(url: string, body: unknown) {
    return this.request('PATCH', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }
}

export interface ClientStore {
  store: TestStore;
  /** Staff (an API key). */
  staff: Client;
  /** No credentials. */
  anon: Client;
}

/** A fresh store with a staff API key and an anonymous client; the caller closes it. */
export async function openClientStore(opts: TestStoreOptions = {}): Promise<ClientStore> {
  const store = await startTestStore(opts);
  const key = await staffApiKey(store);
  return { store, staff: new Client(store, authHeader(key)), anon: new Client(store) };
}

/** A fresh store for one test, closed after it. */
export async function clientStore(t: { after: (fn: () => Promise<void>) => void }, opts: TestStoreOptions = {}): Promise<ClientStore> {
  const ctx = await openClientStore(opts);
  t.after(() => ctx.store.close());
  return ctx;
}

/**
 * One store shared by the tests of a file (opened before the first, closed after the last); the
 * returned function gives it to each test.
 */
export function sharedClientStore(opts: TestStoreOptions = {}): () => ClientStore {
  let ctx: ClientStore | undefined;
  before(async () => {
    ctx = await openClientStore(opts);
  });
  after(async () => {
    await ctx?.store.close();
  });
  return () => ctx!;
}

/** Asserts a status, showing the body when it differs; returns the parsed body. */
export function expectStatus(res: LightMyRequestResponse, status: number): any {
  assert.equal(res.statusCode, status, `expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.body ? res.json() : undefined;
}
