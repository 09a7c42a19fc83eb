import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSqlite } from '../../../kernel/db/dialect.ts';
import { CUSTOMERS, expectStatus, sharedShop } from './helpers.ts';

// MariaDB, left to its optimizer, read a page of customers after a position as a walk of every customer
// from the first (a `ref` on the index's kind part: 48 ms at page 1,500 of 100,000, against 15 for the
// first page). The list names the index of its ordering, and the page is a range of it from the position.
const shop = sharedShop();

test('on MariaDB, a page of customers after a position is a range of its ordering\'s index', async (t) => {
  const { store, staff } = shop();
  const knex = store.kernel.knex;
  if (isSqlite(knex)) return t.skip('an index hint of MariaDB (SQLite: test/list-orderings.test.ts)');
  for (const [i, last_name] of ['Lovelace', 'Hopper', 'Turing'].entries()) {
    expectStatus(await staff('POST', CUSTOMERS, { email: `planned-${i}@example.com`, first_name: 'A', last_name }), 201);
  }
  for (const [ordering, index] of [['-created_at', 'users_kind_created_idx'], ['email', 'users_kind_email_idx'], ['-last_name', 'users_kind_last_name_idx']]) {
    const first = expectStatus(await staff('GET', `${CUSTOMERS}?page_size=1&ordering=${ordering}`), 200);
    const pages: Array<{ sql: string; bindings: unknown[] }> = [];
    const listener = (q: { sql: string; bindings: unknown[] }) => {
      if (/from [`"]users[`"]/.test(q.sql) && /\blimit\b/.test(q.sql)) pages.push(q);
    };
    knex.on('query', listener);
    try {
      const second = expectStatus(await staff('GET', first.next.replace('https://store.test', '')), 200);
      assert.notEqual(second.results[0].id, first.results[0].id);
    } finally {
      knex.off('query', listener);
    }
    assert.equal(pages.length, 1, ordering);
    assert.match(pages[0]!.sql, new RegExp(`force index \\(\`${index}\`\\)`), ordering);
    const [plan] = (await knex.raw(`explain ${pages[0]!.sql}`, pages[0]!.bindings as any[]))[0];
    assert.equal(plan.type, 'range', `${ordering}: ${JSON.stringify(plan)}`);
    assert.equal(plan.key, index, ordering);
  }
  // A search is left to the optimizer.
  const searched = expectStatus(await staff('GET', `${CUSTOMERS}?page_size=1&search=planned`), 200);
  const seen: string[] = [];
  const listener = (q: { sql: string }) => seen.push(q.sql);
  knex.on('query', listener);
  try {
    expectStatus(await staff('GET', searched.next.replace('https://store.test', '')), 200);
  } finally {
    knex.off('query', listener);
  }
  assert.ok(seen.every((sql) => !/force index/.test(sql)));
});
