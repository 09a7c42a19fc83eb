import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { startTestStore, type TestStore, type TestStoreOptions } from '../../../test/helpers/store.ts';
import { authHeader, staffApiKey } from '../../../test/helpers/auth.ts';

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

export interface CatalogTestStore {
  store: TestStore;
  /** Staff (an API key). */
  staff: Client;
  /** No credentials. */
  anon: Client;
}

/** A fresh store with a staff API key and an anonymous client; the caller closes it. */
export async function openCatalogStore(opts: TestStoreOptions = {}): Promise<CatalogTestStore> {
  const store = await startTestStore(opts);
  const key = await staffApiKey(store);
  return { store, staff: new Client(store, authHeader(key)), anon: new Client(store) };
}

/** A fresh store for one test, closed after it. */
export async function catalogStore(t: { after: (fn: () => Promise<void>) => void }, opts: TestStoreOptions = {}): Promise<CatalogTestStore> {
  const ctx = await openCatalogStore(opts);
  t.after(() => ctx.store.close());
  return ctx;
}

/**
 * One store shared by the tests of a file (opened before the first, closed after the last); the
 * returned function gives it to each test.
 */
export function sharedCatalogStore(opts: TestStoreOptions = {}): () => CatalogTestStore {
  let ctx: CatalogTestStore | undefined;
  before(async () => {
    ctx = await openCatalogStore(opts);
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

/** PATCHes the store settings (languages, currencies, rates). */
export async function configureStore(staff: Client, settings: Record<string, unknown>): Promise<void> {
  expectStatus(await staff.patch('/api/v1/store/', settings), 200);
}

let sequence = 0;
/** A SKU no other test of this file uses. */
export function sku(prefix = 'SKU'): string {
  return `${prefix}-${++sequence}`;
}

/** Creates a product through the API (staff); returns its body. */
export async function createProduct(staff: Client, body: Record<string, unknown>): Promise<any> {
  return expectStatus(await staff.post('/api/v1/products/', body), 201);
}

/** Adds a variant through the API (staff); returns its body. */
export async function addVariant(staff: Client, productId: number | string, body: Record<string, unknown>): Promise<any> {
  return expectStatus(await staff.post(`/api/v1/products/${productId}/variants/`, body), 201);
}
