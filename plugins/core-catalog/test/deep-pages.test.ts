import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { IDS_FIRST_OFFSET } from '../../../kernel/http/lists.ts';
import { createProduct, expectStatus, sharedCatalogStore, type Client } from './helpers.ts';

// A page asked by number far into a list is read from the position of the row before it when the store
// knows it (kernel/http/list-positions.ts): the same page asked again, and the page after one just read,
// cost no walk over the rows before them. What they hold is what the ordering gives, before and after a
// change.

const shared = sharedCatalogStore();
const PAGE_SIZE = 20;
// A tenth are drafts: anonymous callers see about 1,170 products, past the offset where positions start.
const TOTAL = IDS_FIRST_OFFSET + 300;
const DEEP = IDS_FIRST_OFFSET / PAGE_SIZE + 2;

let seeding: Promise<void> | undefined;
// Seeded by the first test that needs it (the shared store is opened by a hook of its own).
const seeded = () => (seeding ??= seed());

async function seed(): Promise<void> {
  const { staff } = shared();
  for (let start = 0; start < TOTAL; start += 100) {
    const products = Array.from({ length: Math.min(100, TOTAL - start) }, (_, i) => {
      const n = start + i;
      return { name: `Deep ${String((n * 7919) % 1009).padStart(4, '0')}`, status: n % 10 === 3 ? 'draft' : 'active', price: `${(n % 17) + 1}.00` };
    });
    expectStatus(await staff.post('/api/v1/products/bulk/', { products }), 200);
  }
  await settle();
}

// Positions are forgotten with the response cache, also when the once-a-second reading of the events
// table notices new ones (it cannot tell this process's from another's): the writes' events are
// dispatched and read now, so no reading forgets positions in the middle of a test.
async function settle(): Promise<void> {
  const { kernel } = shared().store;
  while ((await kernel.events.dispatchDue()) > 0);
  await kernel.foreignChanges.check();
}

const COLUMNS: Record<string, string> = { name: 'name', price: 'effective_price', created_at: 'created_at' };

/** The ids of a page as the ordering gives them, read from the table. */
async function truth(knex: Knex, ordering: string, staffView: boolean, page: number): Promise<number[]> {
  const desc = ordering.startsWith('-');
  const query = knex('products')
    .orderBy(COLUMNS[ordering.replace('-', '')]!, desc ? 'desc' : 'asc')
    .orderBy('id', desc ? 'desc' : 'asc')
    .offset((page - 1) * PAGE_SIZE)
    .limit(PAGE_SIZE);
  if (!staffView) query.where('status', 'active');
  return (await query.pluck('id')).map(Number);
}

/** A page's product ids, and whether any statement of the request skipped rows with an OFFSET. */
async function ask(client: Client, ordering: string, page: number): Promise<{ ids: number[]; walked: boolean }> {
  const knex = shared().store.kernel.knex;
  let walked = false;
  const listener = (q: { sql: string }) => {
    if (/from [`"]products[`"]/.test(q.sql) && /\boffset\b/i.test(q.sql)) walked = true;
  };
  knex.on('query', listener);
  try {
    const body = expectStatus(await client.get(`/api/v1/products/?page_size=${PAGE_SIZE}&page=${page}&ordering=${ordering}`, { 'cache-control': 'no-cache' }), 200);
    return { ids: body.results.map((p: any) => Number(p.id)), walked };
  } finally {
    knex.off('query', listener);
  }
}

test('a deep page asked again, and the page after it, start from the row before them and hold what the ordering gives', async () => {
  await seeded();
  const { store, staff, anon } = shared();
  const knex = store.kernel.knex;
  for (const [who, client, staffView] of [['staff', staff, true], ['anonymous', anon, false]] as const) {
    for (const ordering of ['-created_at', 'name', '-price']) {
      const what = `${who}, ordering=${ordering}`;
      const first = await ask(client, ordering, DEEP);
      assert.deepEqual(first.ids, await truth(knex, ordering, staffView, DEEP), what);
      assert.equal(first.walked, true, `${what}: the first time, the rows before the page are skipped`);

      const again = await ask(client, ordering, DEEP);
      assert.deepEqual(again.ids, first.ids, `${what}: asked again`);
      assert.equal(again.walked, false, `${what}: asked again, from the position of the row before the page`);

      const next = await ask(client, ordering, DEEP + 1);
      assert.deepEqual(next.ids, await truth(knex, ordering, staffView, DEEP + 1), `${what}: the page after`);
      assert.equal(next.walked, false, `${what}: the page after, from the last row of the page before`);
    }
  }
  // Staff and anonymous callers see different rows: each list keeps its own positions.
  assert.notDeepEqual((await ask(staff, 'name', DEEP)).ids, (await ask(anon, 'name', DEEP)).ids);
});

test('a change forgets every position: the same page then holds the rows the ordering gives now', async () => {
  await seeded();
  const { store, staff, anon } = shared();
  const knex = store.kernel.knex;
  await ask(anon, '-created_at', DEEP);
  assert.equal((await ask(anon, '-created_at', DEEP)).walked, false);
  const before = await truth(knex, '-created_at', false, DEEP);
  // The newest product moves every row of the list one place on.
  await createProduct(staff, { name: 'Deep newest', status: 'active', price: '3.00' });
  await settle();
  const after = await ask(anon, '-created_at', DEEP);
  const expected = await truth(knex, '-created_at', false, DEEP);
  assert.deepEqual(expected.slice(1), before.slice(0, -1), 'the change shifted the page by one');
  assert.deepEqual(after.ids, expected);
  assert.equal(after.walked, true, 'read by skipping rows again');
  assert.equal((await ask(anon, '-created_at', DEEP)).walked, false, 'and its position is learned again');
});

test('a shallow page is read as before, and a page past the end is still a 404', async () => {
  await seeded();
  const { store, anon } = shared();
  const shallow = await ask(anon, 'name', 3);
  assert.deepEqual(shallow.ids, await truth(store.kernel.knex, 'name', false, 3));
  assert.equal(shallow.walked, true);
  const past = await anon.get(`/api/v1/products/?page_size=${PAGE_SIZE}&page=1000&ordering=name`, { 'cache-control': 'no-cache' });
  assert.equal(past.statusCode, 404);
  assert.equal(past.json().code, 'not_found');
});
