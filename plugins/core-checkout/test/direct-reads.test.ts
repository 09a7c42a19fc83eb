import assert from 'node:assert/strict';
import { test } from 'node:test';
import { authHeader, SessionClient, staffApiKey } from '../../../test/helpers/auth.ts';
import { startTestStore } from '../../../test/helpers/store.ts';
import { portOf, wire } from '../../../kernel/test/helpers.ts';
import { buyAs, Client, expectStatus, makeVariant, type Shop } from './helpers.ts';
import { fakePlugins } from './fakes.ts';

// The order list and one order are direct routes (kernel/http/direct-reads.ts): over HTTPS, a customer's
// session or an API key is authenticated and the 200 answered before Fastify routes the request. Every
// answer must be the Fastify path's, byte for byte, and what the direct transport leaves to Fastify (a
// stranger's order, no credentials) must be refused exactly as before.

async function registered(shop: Shop, name: string): Promise<{ client: SessionClient; cookie: string }> {
  const client = new SessionClient(shop.store);
  expectStatus(await client.register({ email: `${name}-${process.pid}@example.com`, password: `${name}-password-1` }), 201);
  return { client, cookie: `sessionid=${client.cookies.get('sessionid')}` };
}

function comparable(res: { status: number; headers: Record<string, unknown>; body: string }) {
  const headers: Record<string, unknown> = { ...res.headers };
  for (const name of ['date', 'connection', 'keep-alive', 'x-request-id']) delete headers[name];
  return { status: res.status, headers, body: res.body };
}

test('order lists and orders answered before routing are the answers of the Fastify path, for customers and staff', async (t) => {
  // The shop of helpers.ts, listening on a port over HTTPS.
  const store = await startTestStore({ lazy: true, env: { PLUGINS: fakePlugins(), PORT: '0', HOST: '127.0.0.1' } });
  t.after(() => store.close());
  await store.kernel.start();
  const staffClient = new Client(store, authHeader(await staffApiKey(store)));
  const warehouse = expectStatus(await staffClient.post('/api/v1/warehouses/', { name: 'Main', code: 'MAIN' }), 201);
  const shop: Shop = { store, staff: staffClient, anon: new Client(store), knex: store.kernel.knex, warehouseId: warehouse.id };
  const origin = `https://127.0.0.1:${portOf(store)}`;
  const cheap = await makeVariant(shop, { price: '1.00' });
  const dear = await makeVariant(shop, { price: '100.00' });
  const alice = await registered(shop, 'alice');
  const bob = await registered(shop, 'bob');
  const a1 = await buyAs(alice.client, cheap.id, 1);
  const b1 = await buyAs(bob.client, dear.id, 1, 'fake_card');
  const a2 = await buyAs(alice.client, dear.id, 2);
  const staff = shop.staff.headers;

  const compare = async (label: string) => {
    const asked: Array<[Record<string, string>, string]> = [
      [{ cookie: alice.cookie }, '/api/v1/orders/'],
      [{ cookie: alice.cookie }, '/api/v1/orders/?expand=items&ordering=order_number&page_size=1'],
      [{ cookie: alice.cookie }, `/api/v1/orders/${a2}/?expand=items`],
      [{ cookie: bob.cookie }, `/api/v1/orders/${b1}/`],
      [staff, '/api/v1/orders/?expand=items'],
      [staff, '/api/v1/orders/?status=pending'],
      [staff, '/api/v1/orders/?ordering=-total&page_size=2&page=2'],
      [staff, '/api/v1/orders/?search=100'],
      [staff, `/api/v1/orders/${a1}/`],
    ];
    for (const [headers, path] of asked) {
      const before = shop.store.kernel.directReads.answered;
      const direct = await wire(origin + path, { headers });
      assert.equal(direct.status, 200, `${label}, ${path}: ${direct.body}`);
      assert.equal(shop.store.kernel.directReads.answered, before + 1, `${label}, ${path}: answered before routing`);
      const routed = await shop.store.inject({ method: 'GET', url: path, headers });
      assert.deepEqual(comparable(direct), comparable({ status: routed.statusCode, headers: routed.headers, body: routed.body }), `${label}, ${path}`);
    }
  };
  await compare('placed');
  assert.deepEqual((await wire(`${origin}/api/v1/orders/`, { headers: { cookie: alice.cookie } })).json().results.map((o: any) => o.id), [a2, a1], 'a customer sees their own');

  // A change to an order reaches its direct answers at once.
  expectStatus(await shop.staff.post(`/api/v1/orders/${b1}/cancel/`, {}), 200);
  await compare('after a cancellation');
  assert.equal((await wire(`${origin}/api/v1/orders/${b1}/`, { headers: staff })).json().status, 'cancelled');

  // Left to Fastify and refused as before: another customer's order, no credentials, a bad key, a bad filter.
  const refused: Array<[Record<string, string>, string, number]> = [
    [{ cookie: alice.cookie }, `/api/v1/orders/${b1}/`, 404],
    [{}, '/api/v1/orders/', 401],
    [{ cookie: 'sessionid=expired-or-forged' }, '/api/v1/orders/', 401],
    [{ authorization: 'Token sk_live_nothing' }, '/api/v1/orders/', 401],
    [staff, '/api/v1/orders/?status=lost', 400],
  ];
  for (const [headers, path, status] of refused) {
    const direct = await wire(origin + path, { headers });
    const routed = await shop.store.inject({ method: 'GET', url: path, headers });
    assert.equal(direct.status, status, `${path}: ${direct.body}`);
    assert.deepEqual(comparable(direct), comparable({ status: routed.statusCode, headers: routed.headers, body: routed.body }), path);
  }
});
