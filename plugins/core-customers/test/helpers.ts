import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { authHeader, SessionClient, staffApiKey } from '../../../test/helpers/auth.ts';

export const ME = '/api/v1/customers/me/';
export const ADDRESSES = '/api/v1/customers/me/addresses/';
export const CUSTOMERS = '/api/v1/customers/';

/** A store shared by the tests of one file, with a staff API key. */
export interface Shop {
  store: TestStore;
  staffHeaders: Record<string, string>;
  /** A staff request with the API key. */
  staff(method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

async function openShop(): Promise<Shop> {
  const store = await startTestStore();
  const staffHeaders = authHeader(await staffApiKey(store));
  return {
    store,
    staffHeaders,
    staff: (method, url, payload) =>
      store.inject({ method: method as any, url, headers: staffHeaders, ...(payload === undefined ? {} : { payload: payload as any }) }),
  };
}

/** One store for every test of the file (opened before the first, closed after the last). */
export function sharedShop(): () => Shop {
  let shop: Shop | undefined;
  before(async () => {
    shop = await openShop();
  });
  after(async () => {
    await shop?.store.close();
  });
  return () => shop!;
}

let sequence = 0;

/** A unique e-mail for this test process. */
export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${process.pid}-${++sequence}@example.com`;
}

export interface Customer {
  client: SessionClient;
  id: number;
  email: string;
  password: string;
  get(url: string): Promise<LightMyRequestResponse>;
  send(method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** Registers a customer through the API (CSRF handled by the SessionClient); they are logged in. */
export async function registerCustomer(store: TestStore, body: { email?: string; password?: string; first_name?: string; last_name?: string } = {}): Promise<Customer> {
  const client = new SessionClient(store);
  const email = body.email ?? uniqueEmail();
  const password = body.password ?? 'correct horse battery';
  const res = await client.register({ ...body, email, password });
  assert.equal(res.statusCode, 201, res.body);
  return {
    client,
    id: res.json().user.id,
    email,
    password,
    get: (url) => client.request({ method: 'GET', url }),
    send: (method, url, payload) => client.request({ method: method as any, url, ...(payload === undefined ? {} : { payload: payload as any }) }),
  };
}

/** Asserts a status, showing the body when it differs; returns the parsed body. */
export function expectStatus(res: LightMyRequestResponse, status: number): any {
  assert.equal(res.statusCode, status, `expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.body ? res.json() : undefined;
}

/** A complete address body; override what the test is about. */
export function addressBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    address_line_1: 'Unter den Linden 1',
    city: 'Berlin',
    postal_code: '10117',
    country: 'DE',
    ...overrides,
  };
}

/** The data of the events of a type, oldest first. */
export async function eventsOf(store: TestStore, type: string): Promise<any[]> {
  return (await store.kernel.knex('events').where({ type }).orderBy('id')).map((e: any) => JSON.parse(e.data));
}
