import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Knex } from 'knex';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { listTables } from '../target-database.ts';
import { Client, allPages, assertRefused, cli, cliOk, cliRefuses, emptyStore, expectStatus, inProcess, locationOf, paidOrder, rewriteArchive, seedShop, type Shop } from './helpers.ts';

// What restore refuses, each as one line and status 1, leaving the target as it found it; and what
// --force replaces.
let shop: Shop;
let source: TestStore;
let dir: string;
let archive: string;

before(async () => {
  source = await startTestStore();
  shop = await seedShop(source);
  // An endpoint seals its secret: the store now has a secrets key in DATA_DIR.
  expectStatus(await shop.staff.post('/api/v1/webhooks/', { url: 'https://hooks.example.com/in', events: ['order.paid'] }), 201);
  await paidOrder(shop, 2);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-refusals-'));
  archive = path.join(dir, 'store.ndjson.gz');
  await cliOk(locationOf(source), ['backup', archive]);
});

after(async () => {
  await source?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The database's tables, and whether DATA_DIR holds a key or a half-restored file. */
async function leftovers(store: TestStore): Promise<{ tables: string[]; files: string[] }> {
  const files = fs.existsSync(store.dataDir) ? fs.readdirSync(store.dataDir, { recursive: true }).map(String) : [];
  return { tables: await listTables(store.kernel.knex as Knex), files: files.filter((f) => !f.startsWith('store.sqlite')) };
}

test('restore refuses damaged, newer and foreign archives before touching anything, and a failed load leaves the database empty', async (t) => {
  const target = await emptyStore();
  t.after(() => target.close());
  const variant = (name: string, edit: (lines: any[]) => any[]) => {
    const file = path.join(dir, name);
    rewriteArchive(archive, file, edit);
    return file;
  };
  const manifestWith = (change: (m: any) => void) => (lines: any[]) => {
    change(lines[0]);
    return lines;
  };
  const bytes = fs.readFileSync(archive);
  const flipped = Buffer.from(bytes);
  flipped[Math.floor(bytes.length / 2)]! ^= 0xff;
  const write = (name: string, content: Buffer | string) => {
    fs.writeFileSync(path.join(dir, name), content);
    return path.join(dir, name);
  };

  const cases: Array<[string, RegExp]> = [
    [variant('newer.gz', manifestWith((m) => (m.store_version = '9.9.9'))), /^This backup was made by Storekeep 9\.9\.9, newer than this 0\.1\.0: restore it with Storekeep 9\.9\.9 or later/],
    [variant('future-migration.gz', manifestWith((m) => m.migrations.push({ owner: 'kernel', name: '999-future', applied_at: null, store_version: null }))), /^This backup has migration kernel\/999-future, which this Storekeep 0\.1\.0 does not have/],
    [variant('uninstalled.gz', manifestWith((m) => m.migrations.push({ owner: 'loyalty', name: '001-points', applied_at: null, store_version: null }))), /^This backup has migration loyalty\/001-points of plugin "loyalty", which is not installed here/],
    [write('flipped.gz', flipped), /is (damaged|cut short)/],
    [write('truncated.gz', bytes.subarray(0, Math.floor(bytes.length / 2))), /is cut short \(the compressed data ends early\)/],
    [variant('no-end.gz', (lines) => lines.slice(0, -1)), /is cut short: it ends before its end record/],
    [variant('lost-row.gz', (lines) => lines.filter((l, i) => !(Array.isArray(l) && i === lines.findIndex(Array.isArray)))), /is damaged: table \w+ has \d+ of its \d+ rows/],
    [write('notes.txt', 'just some notes\n'), /is not a Storekeep backup \(not a gzip file\)/],
    [write('other.json.gz', zlib.gzipSync('{"hello": "world"}\n')), /is not a Storekeep backup: it does not start with a backup manifest/],
    [path.join(dir, 'missing.gz'), /missing\.gz does not exist/],
  ];
  // The first through the real CLI process; meanwhile the rest, which fail reading the archive,
  // through the same command in this process.
  const [[firstFile, firstExpected], ...rest] = cases;
  const first = cliRefuses(locationOf(target), ['restore', firstFile], firstExpected);
  for (const [file, expected] of rest) assertRefused(await inProcess(locationOf(target), ['restore', file]), expected, [file]);
  await first;
  assert.deepEqual(await leftovers(target), { tables: [], files: [] }, 'nothing was written');

  // An archive that is whole but does not fit the schema fails while loading, after its migrations
  // ran: everything is dropped again, and DATA_DIR is untouched.
  const misfit = variant('misfit.gz', (lines) => {
    const header = lines.find((l) => l.type === 'table' && l.name === 'orders');
    header.columns[header.columns.indexOf('email')] = 'e_mail';
    return lines;
  });
  assertRefused(await inProcess(locationOf(target), ['restore', misfit]), /^The backup's table orders has a column e_mail that the table here lacks/);
  assert.deepEqual(await leftovers(target), { tables: [], files: [] }, 'the database is empty again');
});

test('restore refuses a database that is not empty and a different secrets key; --force replaces both', async (t) => {
  // The store the backup came from is not empty (checked while the next store is set up).
  const refused = cliRefuses(locationOf(source), ['restore', archive], /^The database is not empty \(table \w+ has \d+ rows?\): restore into an empty database, or add --force to replace everything in it\.$/);

  // Another store with a catalogue and a secrets key of its own.
  const other = await startTestStore();
  t.after(() => other.close());
  const otherShop = await seedShop(other);
  expectStatus(await otherShop.staff.post('/api/v1/webhooks/', { url: 'https://elsewhere.example.com/in', events: ['*'] }), 201);
  await other.kernel.stop();
  await refused;
  const key = path.join(other.dataDir, 'webhook-secrets.key');
  const otherKey = fs.readFileSync(key, 'utf8');
  assert.notEqual(otherKey, fs.readFileSync(path.join(source.dataDir, 'webhook-secrets.key'), 'utf8'));
  assertRefused(await inProcess(locationOf(other), ['restore', archive]), /webhook-secrets\.key holds a different secrets key than the backup's: move it away .*or add --force to replace it\.$/);
  assert.equal(fs.readFileSync(key, 'utf8'), otherKey, 'the key is untouched');

  const forced = await cliOk(locationOf(other), ['restore', archive, '--force']);
  assert.match(forced, /^Restored /);
  assert.equal(fs.readFileSync(key, 'utf8'), fs.readFileSync(path.join(source.dataDir, 'webhook-secrets.key'), 'utf8'));
  const reopened = await startTestStore({ shareWith: other });
  const staff = new Client(reopened, shop.staff.headers);
  for (const list of ['/api/v1/products/', '/api/v1/orders/?expand=items', '/api/v1/webhooks/', '/api/v1/inventory/']) {
    assert.deepEqual(await allPages(staff, list), await allPages(shop.staff, list), `${list} is the backup's`);
  }
});

test('a backup is written whole or not at all', async (t) => {
  const nowhere = path.join(dir, 'no-such-folder', 'store.ndjson.gz');
  const empty = await emptyStore();
  t.after(() => empty.close());
  const [unwritable, nothing] = await Promise.all([
    cli(locationOf(source), ['backup', nowhere]),
    cli(locationOf(empty), ['backup', path.join(dir, 'empty.ndjson.gz')]),
  ]);
  assertRefused(unwritable, /^The backup cannot be written to .*no-such-folder\/store\.ndjson\.gz: /);
  assert.ok(!fs.existsSync(path.dirname(nowhere)));
  assertRefused(nothing, /^(There is no store database at .*store\.sqlite|This database holds no store yet \(no migrations applied\)): /);
  assert.ok(!fs.existsSync(path.join(dir, 'empty.ndjson.gz')) && !fs.existsSync(path.join(dir, 'empty.ndjson.gz.partial')));
  assert.ok(!fs.existsSync(path.join(empty.dataDir, 'store.sqlite')), 'backup created no database');
});
