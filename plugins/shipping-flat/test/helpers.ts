import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { startTestStore, type TestStore, type TestStoreOptions } from '../../../test/helpers/store.ts';
import { authHeader, staffApiKey } from '../../../test/helpers/auth.ts';
import type { Address } from '../../core-checkout/contracts.ts';
import type {} from '../../core-checkout/hooks.ts';

export type Headers = Record<string, string>;

/** A small JSON client over `store.inject` with fixed headers (an API key, or none). */
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
  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, body: unknown) {
    return this.request('POST', url, body);
  }
  patch(url: string, body: unknown) {
    return this.request('PATCH', url, body);
  }
  delete(url: string) {
    return this.request('DELETE', url);
  }
}

export interface ShippingTestStore {
  store: TestStore;
  staff: Client;
  anon: Client;
}

/** A fresh store with a staff API key and an anonymous client; the caller closes it. */
export async function openStore(opts: TestStoreOptions = {}): Promise<ShippingTestStore> {
  const store = await startTestStore(opts);
  const key = await staffApiKey(store);
  return { store, staff: new Client(store, authHeader(key)), anon: new Client(store) };
}

/** One store shared by the tests of a file. */
export function sharedStore(opts: TestStoreOptions = {}): () => ShippingTestStore {
  let ctx: ShippingTestStore | undefined;
  before(async () => {
    ctx = await openStore(opts);
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

/** A shipping address in `country`. */
export function address(country: string): Address {
  return { first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Main St', city: 'Town', postal_code: '12345', country };
}
