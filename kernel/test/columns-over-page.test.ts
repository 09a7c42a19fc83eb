import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { overPageQuery } from '../http/columns-over-page.ts';
import type { TestStore } from '../../test/helpers/store.ts';
import { kernelStore } from './helpers.ts';

// overPageQuery: a page read as a derived table with columns computed over its rows, on the database the
// suite runs against (SQLite, or MariaDB when DATABASE_URL is set). The product search's page uses it on
// MySQL/MariaDB (plugins/core-inventory/test/catalogue.test.ts counts its statements).

let store: TestStore;

before(async () => {
  store = await kernelStore();
  const knex = store.kernel.knex;
  await knex.schema.createTable('test_pages', (t) => {
    t.increments('id');
    t.integer('rank').notNullable();
    t.string('name', 40).notNullable();
  });
  await knex.schema.createTable('test_page_notes', (t) => {
    t.increments('id');
    t.integer('page_id').notNullable();
  });
  // Ranks with ties, so that the page's second key decides between rows.
  await knex('test_pages').insert(Array.from({ length: 12 }, (_, i) => ({ rank: i % 4, name: `row ${i + 1}` })));
  await knex('test_page_notes').insert([1, 1, 5, 9, 9, 9].map((page_id) => ({ page_id })));
});

after(() => store.close());

// Page 2 of 4 rows, by rank descending then id ascending, with a window count of every row it skips too.
const page = () =>
  store.kernel.knex('test_pages').select('test_pages.id', 'test_pages.name', store.kernel.knex.raw('count(*) over () as total')).orderBy('test_pages.rank', 'desc').orderBy('test_pages.id', 'asc').offset(4).limit(4);
const notes = () => store.kernel.knex('test_page_notes').count('*').whereRaw('?? = ??', ['test_page_notes.page_id', 'test_pages.id']).as('notes');

test('gives the page in its own order, with the columns over its rows, its count and nothing of its keys', async () => {
  const knex = store.kernel.knex;
  const expected = (await page()) as Array<Record<string, unknown>>;
  const over = overPageQuery(page(), { db: knex, alias: 'test_pages', columns: [notes()] });
  assert.ok(over, 'plain column orderings can be repeated');
  const sent: string[] = [];
  const listen = (q: { sql: string }) => sent.push(q.sql);
  knex.on('query', listen);
  const rows = (await over.query) as Array<Record<string, unknown>>;
  knex.off('query', listen);
  over.strip(rows);
  assert.equal(sent.length, 1, sent.join('\n'));
  assert.deepEqual(
    rows.map((r) => r.name),
    expected.map((r) => r.name),
  );
  // Rank 3 is rows 4, 8, 12, rank 2 rows 3, 7, 11, rank 1 rows 2, 6, 10: the first page is 4, 8, 12, 3,
  // the second 7, 11, 2, 6.
  assert.deepEqual(
    rows.map((r) => Number(r.id)),
    [7, 11, 2, 6],
  );
  assert.deepEqual(
    rows.map((r) => Number(r.total)),
    [12, 12, 12, 12],
  );
  assert.deepEqual(
    rows.map((r) => Number(r.notes)),
    [0, 0, 0, 0],
  );
  for (const row of rows) assert.deepEqual(Object.keys(row).sort(), ['id', 'name', 'notes', 'total']);
});

test('the columns are each row’s own', async () => {
  const knex = store.kernel.knex;
  // Rank 1 is rows 2, 6, 10; rank 0 is rows 1, 5, 9: the third page is 10, 1, 5, 9.
  const third = knex('test_pages').select('test_pages.id').orderBy('test_pages.rank', 'desc').orderBy('test_pages.id', 'asc').offset(8).limit(4);
  const over = overPageQuery(third, { db: knex, alias: 'test_pages', columns: [notes()] })!;
  const rows = (await over.query) as Array<Record<string, unknown>>;
  over.strip(rows);
  assert.deepEqual(
    rows.map((r) => [Number(r.id), Number(r.notes)]),
    [
      [10, 0],
      [1, 2],
      [5, 1],
      [9, 3],
    ],
  );
});

test('a page ordered by raw SQL is left to the caller', () => {
  const knex = store.kernel.knex;
  assert.equal(overPageQuery(knex('test_pages').select('id').orderByRaw('rank * 2 desc').limit(4), { db: knex, alias: 'test_pages', columns: [notes()] }), undefined);
  assert.equal(overPageQuery(knex('test_pages').select('id').orderBy('rank', 'desc', 'last').limit(4), { db: knex, alias: 'test_pages', columns: [notes()] }), undefined);
});
