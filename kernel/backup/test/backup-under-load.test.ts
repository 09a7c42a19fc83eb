import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestStore } from '../../../test/helpers/store.ts';
import { pump } from '../../../plugins/webhooks/test/helpers.ts';
import { startReceiver } from '../../../plugins/webhooks/test/receiver.ts';
import { ADJUSTED_STOCK, SOLD_STOCK, Client, adjustStock, allPages, cli, cliOk, emptyStore, expectStatus, locationOf, paidOrder, seedShop, signature, storeState } from './helpers.ts';

// The "done when": a backup taken under write load restores into a fresh store with every order,
// payment, stock level, event and webhook secret identical — on the suite's database (SQLite → SQLite,
// or MariaDB → MariaDB when DATABASE_URL is set). The store serves on a port with its background loops
// running (deliveries go to a real receiver) while checkouts and stock adjustments keep writing, and
// `npx storekeep backup` runs in a process of its own.
test('a backup taken while checkouts and stock adjustments keep writing restores into a fresh store, consistent and identical', async (t) => {
  const receiver = await startReceiver('/erp/hooks');
  t.after(() => receiver.close());
  const env = { PORT: '0', HOST: '127.0.0.1', OUTBOUND_ALLOW_PRIVATE: 'true' };
  const source = await startTestStore({ lazy: true, workers: true, env });
  t.after(() => source.close());
  await source.kernel.start();
  const shop = await seedShop(source);
  const endpoint = expectStatus(await shop.staff.post('/api/v1/webhooks/', { url: receiver.url, events: ['*'] }), 201);
  const seeded = [await paidOrder(shop, 2), await paidOrder(shop, 1), await paidOrder(shop, 3)];
  const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-backup-')), 'store.ndjson.gz');
  t.after(() => fs.rmSync(path.dirname(archive), { recursive: true, force: true }));

  // Writers: guests buying and staff counting stock, without a pause, until the backup is done.
  let writing = true;
  const writes = { orders: 0, adjustments: 0 };
  const writer = async (kind: 'order' | 'adjust') => {
    while (writing) {
      if (kind === 'order') {
        await paidOrder(shop, 1);
        writes.orders += 1;
      } else {
        await adjustStock(shop);
        writes.adjustments += 1;
      }
      // A breath between writes leaves the machine's cores to the backup process as well.
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  };
  const writers = [writer('order'), writer('order'), writer('adjust')];
  // The backup starts once writing is well under way, and writing goes on until it ends.
  while (writes.orders < 2) await new Promise((resolve) => setTimeout(resolve, 20));
  const before = { ...writes };
  const backedUp = await cli(locationOf(source), ['backup', archive]);
  const during = { orders: writes.orders - before.orders, adjustments: writes.adjustments - before.adjustments };
  // A few more writes after the backup ended: the source then certainly holds some the snapshot lacks.
  while (writes.orders < before.orders + during.orders + 2 || writes.adjustments < before.adjustments + during.adjustments + 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  writing = false;
  await Promise.all(writers);
  assert.equal(backedUp.code, 0, backedUp.stderr);
  assert.match(backedUp.stdout, /^Backed up \d+ tables \(\d+ rows\) and \d+ files to .*store\.ndjson\.gz/);
  assert.ok(during.orders > 0 && during.adjustments > 0, `the store kept writing during the backup (${JSON.stringify(during)})`);
  assert.equal(fs.statSync(archive).mode & 0o777, 0o600, 'the archive holds the secrets key: only its owner reads it');
  assert.ok(!fs.existsSync(`${archive}.partial`));

  // A fresh store (own DATA_DIR, own database) restored from it, then started.
  const target = await emptyStore({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
  t.after(() => target.close());
  const restored = await cliOk(locationOf(target), ['restore', archive]);
  assert.match(restored, /^Restored \d+ tables \(\d+ rows\) and \d+ files from /);
  await target.kernel.ready();
  for (const file of ['webhook-secrets.key', 'tls/cert.pem', 'tls/key.pem']) {
    assert.deepEqual(fs.readFileSync(path.join(target.dataDir, file)), fs.readFileSync(path.join(source.dataDir, file)), `${file} restored`);
  }
  assert.equal(fs.statSync(path.join(target.dataDir, 'webhook-secrets.key')).mode & 0o777, 0o600);

  await source.kernel.worker.stop();
  await source.kernel.events.stop();
  const original = await storeState(shop.staff);
  const staff = new Client(target, shop.staff.headers);
  const copy = await storeState(staff);

  // Every restored order is the source's order: identical (items, payments, totals, timestamps) unless
  // the source changed it after the snapshot (a payment that completed meanwhile), which its later
  // updated_at shows. The orders placed before the load are all identical.
  const byId = new Map(original.orders.map((o) => [o.id, o]));
  const unchanged = copy.orders.filter((o) => {
    const now = byId.get(o.id);
    assert.ok(now, `restored order ${o.order_number} exists in the source`);
    if (now.updated_at === o.updated_at) {
      assert.deepEqual(o, now, `order ${o.order_number} is identical`);
      return true;
    }
    assert.ok(now.updated_at > o.updated_at, `order ${o.order_number} changed after the snapshot`);
    assert.deepEqual([o.order_number, o.items, o.total, o.created_at], [now.order_number, now.items, now.total, now.created_at]);
    return false;
  });
  for (const id of seeded) assert.ok(unchanged.some((o) => o.id === id), `seeded order ${id} restored identical`);
  assert.ok(copy.orders.length > seeded.length, 'orders placed during the backup are in it');
  assert.ok(copy.orders.length < original.orders.length, 'orders placed after the snapshot are not');

  // A consistent snapshot: every order in it has its stock reserved, and every adjustment its level.
  const level = (state: typeof copy, variant: number) => state.inventory.find((l) => l.variant_id === variant);
  for (const state of [copy, original]) {
    const units = state.orders.flatMap((o) => o.items).filter((i) => i.variant.id === shop.soldVariantId).reduce((n, i) => n + i.quantity, 0);
    assert.equal(level(state, shop.soldVariantId).reserved, units, 'reserved = units ordered');
    assert.equal(level(state, shop.soldVariantId).quantity, SOLD_STOCK);
    const adjusted = state.movements.filter((m) => m.variant_id === shop.adjustedVariantId && m.type === 'adjust').length;
    assert.equal(level(state, shop.adjustedVariantId).quantity, ADJUSTED_STOCK + adjusted, 'quantity = initial + adjustments');
  }
  assert.ok(level(copy, shop.adjustedVariantId).quantity < level(original, shop.adjustedVariantId).quantity);
  const sourceMovements = new Map(original.movements.map((m) => [m.id, m]));
  for (const m of copy.movements) assert.deepEqual(m, sourceMovements.get(m.id), `movement ${m.id} identical`);

  // Events are immutable: each restored one is the source's, and each restored order has its event.
  const sourceEvents = new Map(original.events.map((e) => [e.id, e]));
  for (const e of copy.events) assert.deepEqual(e, sourceEvents.get(e.id), `event ${e.id} identical`);
  const created = new Set(copy.events.filter((e) => e.type === 'order.created').map((e) => e.data.id));
  assert.deepEqual(copy.orders.map((o) => o.id).filter((id) => !created.has(id)), [], 'every restored order has its order.created event');
  assert.deepEqual([...created].filter((id) => !byId.has(id) || !copy.orders.some((o) => o.id === id)), [], 'no event of an order the snapshot lacks');

  // The endpoint keeps its signing secret: a new event from the restored store verifies with the original.
  assert.deepEqual(copy.endpoints.map((e) => [e.id, e.url, e.events]), [[endpoint.id, receiver.url, ['*']]]);
  const received = receiver.received.length;
  const category = expectStatus(await staff.post('/api/v1/categories/', { name: 'After the restore' }), 201);
  while ((await pump(target)) > 0);
  const fresh = receiver.received.slice(received);
  const delivered = fresh.find((r) => r.body?.type === 'category.created' && r.body.data.id === category.id);
  assert.ok(delivered, 'the restored store delivered its new event');
  for (const r of fresh) assert.equal(r.headers['x-service-signature'], signature(endpoint.secret, r.raw), 'signed with the original secret');

  // Counters continue after the restored ids: no id is handed out twice.
  const newest = (state: typeof copy, key: 'events' | 'orders') => Math.max(...state[key].map((x) => x.id));
  assert.ok(delivered.body.id > newest(copy, 'events'), 'the new event id follows the restored ones');
  const events = await allPages(staff, '/api/v1/events/?type=category.created');
  assert.equal(events.filter((e) => e.id === delivered.body.id).length, 1);
});
