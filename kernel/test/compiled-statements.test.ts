import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import type { TestStore } from '../../test/helpers/store.ts';
import { kernelStore } from './helpers.ts';
import { checkCompiledShapes } from '../db/compiled-statements.ts';
import { ShapeReader, ShapeTable } from '../db/statement-shapes.ts';

// Each statement shape compiled once (kernel/db/compiled-statements.ts), on the database the suite runs
// against: a shape seen before is answered without knex's compiler, with the new values bound where
// knex puts them, and the rows read and written are the ones asked for.

let store: TestStore;
let knex: Knex;
let compiles = 0;

before(async () => {
  // The suite compares every learned answer with knex's compile; here the compiles are counted, and
  // each test compares with knex itself.
  checkCompiledShapes(false);
  store = await kernelStore();
  knex = store.kernel.knex;
  await knex.schema.createTable('shape_items', (t) => {
    t.increments('id');
    t.string('name', 40).nullable();
    t.integer('qty').notNullable().defaultTo(0);
    t.string('kind', 20).notNullable().defaultTo('plain');
    t.bigInteger('at').nullable();
  });
  await knex.schema.createTable('shape_tags', (t) => {
    t.increments('id');
    t.integer('item_id').notNullable();
    t.string('tag', 20).notNullable();
  });
  // Counts the compiles knex does (its builder asks the client for a compiler each time).
  const client = knex.client as { queryCompiler: (...args: unknown[]) => unknown };
  const queryCompiler = client.queryCompiler;
  client.queryCompiler = function (this: unknown, ...args: unknown[]) {
    compiles++;
    return queryCompiler.apply(this, args);
  };
});

after(() => store.close());

/** What knex's own compiler makes of `builder` (the answer the shapes must equal). */
function knexCompile(builder: Knex.QueryBuilder): { sql: string; bindings: readonly unknown[] } {
  const compiled = (knex.client as any).queryCompiler(builder).toSQL((builder as any)._method || 'select');
  return { sql: compiled.sql, bindings: compiled.bindings };
}

/** Runs `make()` once to learn its shape, then `again()` of the same shape: its compile count and SQL. */
function secondCompile(make: () => Knex.QueryBuilder, again: () => Knex.QueryBuilder) {
  make().toSQL();
  const builder = again();
  const before = compiles;
  const { sql, bindings } = builder.toSQL() as Knex.Sql;
  return { compiled: compiles - before, sql, bindings };
}

test('a shape seen before is answered without the compiler, its new values bound where knex binds them', async () => {
  const cases: Array<[string, () => Knex.QueryBuilder, () => Knex.QueryBuilder]> = [
    ['by id', () => knex('shape_items').where({ id: 1 }).first(), () => knex('shape_items').where({ id: 42 }).first()],
    ['strings and numbers, two operators', () => knex('shape_items').where('name', 'a').andWhere('qty', '>=', 3), () => knex('shape_items').where('name', 'zz').andWhere('qty', '>=', 9)],
    ['a page past the first', () => knex('shape_items').orderBy('id').limit(20).offset(20), () => knex('shape_items').orderBy('id').limit(20).offset(400)],
    ['an insert', () => knex('shape_items').insert({ name: 'a', qty: 1, at: 5 }), () => knex('shape_items').insert({ name: 'b', qty: 2, at: 6 })],
    ['an update with a raw increment', () => knex('shape_items').where('id', 1).update({ qty: knex.raw('qty + ?', [1]), name: 'x' }), () => knex('shape_items').where('id', 7).update({ qty: knex.raw('qty + ?', [5]), name: 'y' })],
    ['a sub-query', () => knex('shape_items').whereIn('id', knex('shape_tags').select('item_id').where('tag', 'a')), () => knex('shape_items').whereIn('id', knex('shape_tags').select('item_id').where('tag', 'b'))],
    ['a join', () => knex('shape_items as i').join('shape_tags as t', 't.item_id', 'i.id').where('t.tag', 'a').select('i.*'), () => knex('shape_items as i').join('shape_tags as t', 't.item_id', 'i.id').where('t.tag', 'q').select('i.*')],
    ['an increment', () => knex('shape_items').where('id', 1).increment('qty', 2), () => knex('shape_items').where('id', 3).increment('qty', 7)],
  ];
  for (const [what, make, again] of cases) {
    const second = secondCompile(make, again);
    assert.equal(second.compiled, 0, `${what}: answered from its shape`);
    const knexs = knexCompile(again());
    assert.equal(second.sql, knexs.sql, what);
    assert.deepEqual(second.bindings, knexs.bindings, what);
  }
});

test('what changes the SQL makes another shape: a null, a list of another length, the first page, another column', () => {
  const pairs: Array<[string, Knex.QueryBuilder, Knex.QueryBuilder]> = [
    ['null', knex('shape_items').where('name', 'a'), knex('shape_items').where('name', null)],
    ['list length', knex('shape_items').whereIn('id', [1, 2]), knex('shape_items').whereIn('id', [1, 2, 3])],
    ['empty list', knex('shape_items').whereIn('id', [1]), knex('shape_items').whereIn('id', [])],
    ['first page', knex('shape_items').limit(20).offset(20), knex('shape_items').limit(20).offset(0)],
    ['column', knex('shape_items').where('name', 'a'), knex('shape_items').where('kind', 'a')],
    // Shapes are found by a hash of their tokens that reads a name's length and three of its letters:
    // two names alike in those are told apart by the tokens themselves.
    ['columns whose names hash alike', knex('shape_items').where('name', 'a'), knex('shape_items').where('nbme', 'a')],
    ['identifier binding', knex('shape_items').update({ qty: knex.raw('?? + 1', ['qty']) }), knex('shape_items').update({ qty: knex.raw('?? + 1', ['at']) })],
    ['insert columns', knex('shape_items').insert({ name: 'a' }), knex('shape_items').insert({ kind: 'a' })],
    ['a negative amount', knex('shape_items').where('id', 1).increment('qty', 2), knex('shape_items').where('id', 1).increment('qty', -3)],
  ];
  for (const [what, first, second] of pairs) {
    const a = first.toSQL() as Knex.Sql;
    const b = second.toSQL() as Knex.Sql;
    assert.notEqual(a.sql, b.sql, what);
    assert.equal(b.sql, knexCompile(second).sql, what);
    assert.deepEqual(b.bindings, knexCompile(second).bindings, what);
  }
});

test('a builder with a callback is compiled by knex each time', () => {
  const make = (name: string) => knex('shape_items').where((q) => q.where('name', name).orWhere('kind', name));
  const countCompiles = (builder: Knex.QueryBuilder) => {
    const before = compiles;
    const compiled = builder.toSQL() as Knex.Sql;
    return { count: compiles - before, bindings: compiled.bindings };
  };
  const first = countCompiles(make('a'));
  const second = countCompiles(make('b'));
  assert.ok(first.count > 0);
  assert.equal(second.count, first.count, 'compiled again, as the first time');
  assert.deepEqual(second.bindings, ['b', 'b']);
});

test('rows written and read through learned shapes are the ones asked for, frozen values included', async () => {
  await knex('shape_items').del();
  for (const [name, qty] of [['a', 1], ['b', 2], ['c', 3]] as const) await knex('shape_items').insert(Object.freeze({ name, qty, at: qty * 10 }));
  await knex('shape_items').insert([{ name: 'd', qty: 4, kind: 'plain' }, { name: 'e', qty: 5, kind: 'gift' }]);
  const ids = Object.fromEntries((await knex('shape_items').select('id', 'name')).map((r: { id: number; name: string }) => [r.name, r.id]));
  for (const name of ['a', 'c', 'e']) await knex('shape_tags').insert({ item_id: ids[name], tag: name === 'e' ? 'odd-e' : 'odd' });
  for (const [name, by] of [['a', 10], ['b', 20]] as const) await knex('shape_items').where('name', name).update({ qty: knex.raw('qty + ?', [by]) });
  await knex.transaction(async (trx) => {
    for (const name of ['c', 'd']) await trx('shape_items').where('name', name).increment('qty', 100);
  });
  // The same statement by a negative amount subtracts.
  await knex('shape_items').where('name', 'e').increment('qty', 7);
  await knex('shape_items').where('name', 'e').increment('qty', -7);

  const qtys = async (names: string[]) => (await knex('shape_items').whereIn('name', names).orderBy('name').select('name', 'qty')).map((r: { name: string; qty: number }) => `${r.name}=${r.qty}`);
  assert.deepEqual(await qtys(['a', 'b']), ['a=11', 'b=22']);
  assert.deepEqual(await qtys(['c', 'd', 'e']), ['c=103', 'd=104', 'e=5']);
  const tagged = async (tag: string) => (await knex('shape_items').whereIn('id', knex('shape_tags').select('item_id').where('tag', tag)).orderBy('name').pluck('name')) as string[];
  assert.deepEqual(await tagged('odd'), ['a', 'c']);
  assert.deepEqual(await tagged('odd-e'), ['e']);
  const page = async (offset: number) => (await knex('shape_items').orderBy('name').limit(2).offset(offset).pluck('name')) as string[];
  assert.deepEqual(await page(0), ['a', 'b']);
  assert.deepEqual(await page(2), ['c', 'd']);
  assert.deepEqual(await page(4), ['e']);
  assert.deepEqual(await knex('shape_items').where('kind', 'gift').pluck('name'), ['e']);
  assert.deepEqual(await knex('shape_items').whereNull('at').orderBy('name').pluck('name'), ['d', 'e']);
  assert.equal(Number((await knex('shape_items').where('at', 30).first()).qty), 103);
});

test('the shapes kept are bounded by their weight as well as their number: the oldest go first, one too heavy alone is never kept', () => {
  const read = (builder: Knex.QueryBuilder, method: string) => {
    const reader = new ShapeReader(true);
    assert.ok(reader.read(builder as any, method), 'the builder has a shape');
    return reader;
  };
  // Multi-row inserts: each row count is a shape of its own, heavier the more rows it has.
  const insert = (rows: number) => read(knex('shape_items').insert(Array.from({ length: rows }, (_, i) => ({ name: `n${i}`, qty: i }))), 'insert');
  const weight = insert(100).shape().length;
  assert.ok(weight > 200, 'a 100-row insert weighs more than a read');
  const table = new ShapeTable<string>(100, Math.floor(3.5 * weight));
  const byId = read(knex('shape_items').where({ id: 1 }).first(), 'first');
  table.set(byId, 'by id');
  for (let rows = 100; rows < 106; rows++) table.set(insert(rows), `insert ${rows}`);
  assert.ok(table.size.weight <= 3.5 * weight, `kept ${table.size.weight} of at most ${3.5 * weight}`);
  assert.equal(table.size.shapes, 3, 'three inserts fit');
  assert.equal(table.get(read(knex('shape_items').where({ id: 9 }).first(), 'first')), undefined, 'the oldest shape went first');
  assert.equal(table.get(insert(102)), undefined);
  assert.equal(table.get(insert(103)), 'insert 103');
  assert.equal(table.get(insert(105)), 'insert 105');
  // One heavier than the whole bound is not kept, and the others stay.
  table.set(insert(400), 'insert 400');
  assert.equal(table.get(insert(400)), undefined);
  assert.equal(table.get(insert(105)), 'insert 105');
  // The count still bounds it too.
  const few = new ShapeTable<string>(2);
  for (const column of ['id', 'name', 'qty']) few.set(read(knex('shape_items').where(column, 1), 'select'), `by ${column}`);
  assert.equal(few.size.shapes, 2);
  assert.equal(few.get(read(knex('shape_items').where('id', 2), 'select')), undefined);
  assert.equal(few.get(read(knex('shape_items').where('qty', 2), 'select')), 'by qty');
});
