import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { startTestStore, type TestStore } from '../../test/helpers/store.ts';
import { authHeader, staffApiKey } from '../../test/helpers/auth.ts';
import { sqliteFile } from '../db/connection.ts';
import { SQLITE_AUTOCHECKPOINT_PAGES, WalCheckpointer } from '../db/wal-checkpointer.ts';
import type { Logger } from '../logger.ts';
import { waitFor } from './helpers.ts';
import { metricsText, sample } from './metrics-text.ts';

const onMysql = Boolean(process.env.DATABASE_URL);

async function autocheckpoint(store: TestStore): Promise<number> {
  const rows = (await store.kernel.knex.raw('pragma wal_autocheckpoint')) as Array<{ wal_autocheckpoint: number }>;
  return Number(rows[0]!.wal_autocheckpoint);
}

const product = (n: number) => ({
  name: `Checkpointed ${n}`,
  description: `Product ${n}, written to fill WAL pages.`.repeat(4),
  status: 'active',
  variants: [{ sku: `CKPT-${n}`, price: '9.99' }],
});

/** 200 products through the bulk endpoint: a few hundred WAL pages committed by the store's connection. */
async function writeProducts(store: TestStore, key: string, from: number): Promise<void> {
  for (let at = from; at < from + 200; at += 100) {
    const res = await store.inject({ method: 'POST', url: '/api/v1/products/bulk/', headers: authHeader(key), payload: { products: Array.from({ length: 100 }, (_, i) => product(at + i)) } });
    assert.ok(res.statusCode < 300, res.body);
  }
}

test('MariaDB has no checkpoint thread', { skip: !onMysql && 'checks the MariaDB store' }, async (t) => {
  const store = await startTestStore({ workers: true });
  t.after(() => store.close());
  assert.equal(store.kernel.checkpointer, undefined);
});

test('SQLite: a thread copies committed pages into the database file, and the store connection does not checkpoint', { skip: onMysql && 'SQLite only' }, async (t) => {
  const store = await startTestStore({ workers: true });
  t.after(() => store.close());
  const checkpointer = store.kernel.checkpointer!;
  assert.ok(checkpointer.running);
  assert.equal(await autocheckpoint(store), 0, 'the store connection leaves checkpoints to the thread');

  const file = sqliteFile(store.config);
  const key = await staffApiKey(store);
  const sizeBefore = fs.statSync(file).size;
  await writeProducts(store, key, 0);
  // The store connection no longer checkpoints, so the file grows only when the thread copies the pages.
  await waitFor(() => fs.statSync(file).size > sizeBefore, 'the database file to take the committed pages');
  const round = await waitFor(() => {
    const last = checkpointer.lastRound;
    return last !== undefined && last.log > 0 && last.checkpointed === last.log ? last : undefined;
  }, 'a round that copied the whole WAL');
  assert.ok(round!.checkpointed > 0);
  assert.ok(fs.existsSync(`${file}-wal`), 'the WAL stays in use while the store runs');

  // The products are readable, through the API, after the copy.
  const list = await store.inject({ url: '/api/v1/products/?page_size=1', headers: authHeader(key) });
  assert.equal(list.json().count, 200);

  // /metrics shows the thread and its last round.
  const metrics = metricsText(await store.inject({ url: '/metrics', headers: authHeader(key) }));
  assert.equal(sample(metrics, 'storekeep_sqlite_checkpoint_thread_running', {}), 1);
  assert.ok(sample(metrics, 'storekeep_sqlite_wal_pages', { state: 'written' })! > 0);
  assert.ok(sample(metrics, 'storekeep_sqlite_wal_pages', { state: 'checkpointed' })! >= 0);

  // Stopped (as at shutdown), the store connection checkpoints again.
  await checkpointer.stop();
  assert.equal(checkpointer.running, false);
  assert.equal(await autocheckpoint(store), SQLITE_AUTOCHECKPOINT_PAGES);
});

test('SQLite: when the thread dies, the store connection checkpoints again and writes go on', { skip: onMysql && 'SQLite only' }, async (t) => {
  const store = await startTestStore({ workers: true });
  t.after(() => store.close());
  const checkpointer = store.kernel.checkpointer!;
  assert.equal(await autocheckpoint(store), 0);
  // A crash of the thread (out of memory, a fault in the driver) cannot be caused from outside; its
  // exit is what the checkpointer reacts to, so the test ends the thread itself.
  await (checkpointer as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
  await waitFor(async () => (await autocheckpoint(store)) === SQLITE_AUTOCHECKPOINT_PAGES, 'the store connection to checkpoint again');
  assert.equal(checkpointer.running, false);
  const key = await staffApiKey(store);
  const metrics = metricsText(await store.inject({ url: '/metrics', headers: authHeader(key) }));
  assert.equal(sample(metrics, 'storekeep_sqlite_checkpoint_thread_running', {}), 0);

  await writeProducts(store, key, 0);
  const list = await store.inject({ url: '/api/v1/products/?page_size=1', headers: authHeader(key) });
  assert.equal(list.json().count, 200);
});

test('SQLite: a thread that cannot open the database leaves checkpoints on the store connection', { skip: onMysql && 'SQLite only' }, async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  assert.equal(store.kernel.checkpointer?.running, false, 'without the background loops there is no thread');
  const warnings: string[] = [];
  const logger = { warn: (...args: unknown[]) => warnings.push(String(args.at(-1))) } as unknown as Logger;
  const missing = new WalCheckpointer(store.kernel.knex, path.join(store.dataDir, 'no-such.sqlite'), logger);
  await missing.start();
  assert.equal(missing.running, false);
  assert.equal(await autocheckpoint(store), SQLITE_AUTOCHECKPOINT_PAGES);
  assert.match(warnings.join('\n'), /checkpoint thread did not start/);
  await missing.stop();
});

test('SQLite: under writes without a pause the WAL still starts over, so its file stays small', { skip: onMysql && 'SQLite only' }, async (t) => {
  // The loops off: this test's own checkpointer, with a low threshold, is the only one.
  const store = await startTestStore();
  t.after(() => store.close());
  const knex = store.kernel.knex;
  const file = sqliteFile(store.config);
  const checkpointer = new WalCheckpointer(knex, file, store.kernel.logger, { intervalMs: 250, restartPages: 200 });
  await checkpointer.start();
  t.after(() => checkpointer.stop());
  assert.equal(await autocheckpoint(store), 0);

  // Commits back to back on the store's connection, each in a turn of the event loop of its own as a
  // request's would be: a commit lands during every round of the thread, so no round of its own copies
  // the whole WAL.
  await knex.schema.createTable('wal_fill', (table) => {
    table.increments('id');
    table.text('body').notNullable();
  });
  const walSize = () => fs.statSync(`${file}-wal`).size;
  const body = 'x'.repeat(3000);
  let largest = 0;
  let commits = 0;
  const until = Date.now() + 3000;
  while (Date.now() < until) {
    await knex.transaction((trx) => trx('wal_fill').insert([{ body }, { body }]));
    await new Promise((resolve) => setImmediate(resolve));
    if (++commits % 50 === 0) largest = Math.max(largest, walSize());
  }
  const written = commits * 2 * 4096;
  assert.ok(checkpointer.restarts > 0, 'writes were held back for a round that copied the whole WAL');
  // Had the WAL never started over, it would hold every page written (two or more per commit): 117 MB
  // after 5,638 commits in one run without the held rounds, 12 MB after 5,264 with them.
  assert.ok(largest < written / 2, `the WAL reached ${largest} bytes after ${commits} commits`);
  assert.equal(Number((await knex('wal_fill').count({ n: '*' }))[0]!.n), commits * 2);
});
