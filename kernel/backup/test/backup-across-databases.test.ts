import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestStore } from '../../../test/helpers/store.ts';
import { pump } from '../../../plugins/webhooks/test/helpers.ts';
import { startReceiver } from '../../../plugins/webhooks/test/receiver.ts';
import { MARIADB_URL, Client, archiveLines, cliOk, emptyStore, expectStatus, locationOf, paidOrder, seedShop, signature, storeState, withDatabaseUrl } from './helpers.ts';

// Moving a store from the embedded database to a server: a backup of an SQLite store restored into
// MariaDB (always both, whatever database the suite runs on) answers the API exactly as the original
// did — every order, payment, refund, shipment, stock level, movement, event, delivery and timestamp —
// and its webhook endpoint signs with the same secret. It uses both databases whichever pass of the
// suite runs it, so it runs once: in the MariaDB pass (DATABASE_URL set), as .ci/run runs both.
const ONCE = process.env.DATABASE_URL ? false : 'runs in the MariaDB pass of the suite (it uses SQLite and MariaDB either way)';
test('an SQLite store restored into MariaDB answers the API identically, timestamps and secrets included', { skip: ONCE }, async (t) => {
  const receiver = await startReceiver('/hooks');
  t.after(() => receiver.close());
  const env = { OUTBOUND_ALLOW_PRIVATE: 'true' };
  const source = await withDatabaseUrl('', () => startTestStore({ env }));
  t.after(() => source.close());
  assert.equal(source.config.databaseUrl, undefined, 'the source is on SQLite');
  const shop = await seedShop(source);
  const endpoint = expectStatus(await shop.staff.post('/api/v1/webhooks/', { url: receiver.url, events: ['*'] }), 201);
  const [first, second] = [await paidOrder(shop, 2), await paidOrder(shop, 1), await paidOrder(shop, 4)];
  const order = expectStatus(await shop.staff.get(`/api/v1/orders/${first}/?expand=items`), 200);
  expectStatus(await shop.staff.post(`/api/v1/orders/${first}/shipments/`, { carrier: 'UPS', tracking_number: '1Z999', items: [{ order_item_id: order.items[0].id, quantity: 2 }] }), 201);
  expectStatus(await shop.staff.post(`/api/v1/orders/${second}/refunds/`, { amount: '5.55', reason: 'scratched', restock: false }), 201);
  expectStatus(await shop.staff.post('/api/v1/customers/', { email: 'regular@example.com', first_name: 'Grace' }), 201);
  while ((await pump(source)) > 0);
  // Files in DATA_DIR: kept, except the development mail outbox.
  fs.mkdirSync(path.join(source.dataDir, 'mail'), { recursive: true });
  fs.writeFileSync(path.join(source.dataDir, 'mail', 'sent.eml'), 'Subject: not kept\n');
  fs.mkdirSync(path.join(source.dataDir, 'extra'), { recursive: true });
  fs.writeFileSync(path.join(source.dataDir, 'extra', 'notes.txt'), 'kept\n');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-move-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const archive = path.join(dir, 'move.ndjson.gz');
  await cliOk(locationOf(source), ['backup', archive]);

  // The archive reads without Storekeep: gzip'd JSON lines, the manifest first.
  const lines = archiveLines(archive);
  const manifest = lines[0];
  assert.equal(manifest.type, 'manifest');
  assert.equal(manifest.dialect, 'sqlite');
  assert.equal(manifest.store_version, JSON.parse(fs.readFileSync('package.json', 'utf8')).version);
  const applied = await source.kernel.knex('storekeep_migrations').orderBy('id').select('owner', 'name');
  assert.deepEqual(manifest.migrations.map((m: any) => `${m.owner}/${m.name}`), applied.map((m) => `${m.owner}/${m.name}`));
  assert.ok(manifest.plugins.some((p: any) => p.name === 'webhooks' && p.version), 'plugins with their versions');
  assert.equal(manifest.tables.orders, 3);
  assert.deepEqual(manifest.files.map((f: any) => f.path).sort(), ['extra/notes.txt', 'webhook-secrets.key']);
  assert.ok(!lines.some((l) => l.type === 'table' && /^(sqlite_|product_search_fts)/.test(l.name)), 'no SQLite internals');
  assert.deepEqual(lines.at(-1), { type: 'end', tables: Object.keys(manifest.tables).length, rows: lines.filter(Array.isArray).length, files: 2 });

  const target = await emptyStore({ databaseUrl: MARIADB_URL, env });
  t.after(() => target.close());
  assert.match(target.config.databaseUrl ?? '', /^mysql:/, 'the target is on MariaDB');
  await cliOk(locationOf(target), ['restore', archive]);
  await target.kernel.ready();
  const staff = new Client(target, shop.staff.headers);

  const before = await storeState(shop.staff);
  const after = await storeState(staff);
  for (const part of Object.keys(before)) assert.deepEqual(after[part], before[part], `${part} identical through the API`);
  assert.equal(before.orders.length, 3);
  assert.ok(before.orders.every((o) => o.payments.length === 1 && o.payments[0].status === 'succeeded'), 'paid with the test gateway');
  assert.ok(before.orders.some((o) => o.refunds.length === 1) && before.orders.some((o) => o.shipments.length === 1));
  assert.ok(before.events.length > 10 && before.deliveries.length > 10);
  assert.deepEqual(expectStatus(await staff.get('/api/v1/store/'), 200), expectStatus(await shop.staff.get('/api/v1/store/'), 200));
  assert.deepEqual(expectStatus(await staff.get('/api/v1/customers/'), 200), expectStatus(await shop.staff.get('/api/v1/customers/'), 200));
  const search = '/api/v1/products/?search=mug';
  assert.deepEqual(expectStatus(await staff.get(search), 200).results.map((p: any) => p.name), ['Enamel mug'], 'the search index was rebuilt');
  assert.equal(fs.readFileSync(path.join(target.dataDir, 'extra', 'notes.txt'), 'utf8'), 'kept\n');
  assert.ok(!fs.existsSync(path.join(target.dataDir, 'mail')));

  // The restored store sells on, with ids after the restored ones, and signs with the original secret.
  const received = receiver.received.length;
  const next = await paidOrder({ ...shop, store: target, staff, anon: new Client(target) }, 1);
  assert.ok(next > Math.max(...before.orders.map((o) => o.id)));
  while ((await pump(target)) > 0);
  const fresh = receiver.received.slice(received);
  assert.ok(fresh.some((r) => r.body?.type === 'order.paid' && r.body.data.id === next), 'the new order was delivered');
  for (const r of fresh) {
    assert.equal(r.headers['x-service-signature'], signature(endpoint.secret, r.raw));
    assert.ok(r.body.id > Math.max(...before.events.map((e) => e.id)), 'new events get new ids');
  }
});
