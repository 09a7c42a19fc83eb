import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import {
  createSearchIndex,
  dropSearchIndex,
  removeSearchDocuments,
  replaceSearchDocuments,
  searchMatches,
  searchTokens,
  upsertSearchDocument,
  upsertSearchDocuments,
  type SearchIndexSpec,
} from '../db/search-index.ts';
import { isSqlite } from '../db/dialect.ts';
import { countRows, kernelModule, kernelStore, pluginSource, writePlugins } from './helpers.ts';
import type { TestStore } from '../../test/helpers/store.ts';

// A throwaway plugin whose migration creates a search index through the API, as core-catalog does.
const SPEC: SearchIndexSpec = { table: 'notes_search', fields: ['name', 'description', 'sku'] };

const MIGRATION = `import { createSearchIndex, dropSearchIndex } from ${JSON.stringify(kernelModule('db/search-index.ts'))};
const spec = ${JSON.stringify(SPEC)};
export async function up(knex) {
  await knex.schema.createTable('notes', (t) => { t.bigIncrements('id'); t.string('title', 100).notNullable(); });
  await createSearchIndex(knex, spec);
}
export async function down(knex) {
  await dropSearchIndex(knex, spec);
  await knex.schema.dropTable('notes');
}
`;

let store: TestStore;
let knex: Knex;
let removePlugins: () => void;

before(async () => {
  const tmp = writePlugins({ notes: { 'index.ts': pluginSource('notes'), 'migrations/001-notes.ts': MIGRATION } });
  removePlugins = tmp.remove;
  store = await kernelStore({ env: { PLUGINS: tmp.dirs.notes } });
  knex = store.kernel.knex;
});

after(async () => {
  await store?.close();
  removePlugins?.();
});

beforeEach(async () => {
  await knex(SPEC.table).delete();
});

type Doc = { ref_id: number; lang?: string; name?: string; description?: string; sku?: string };

// Unrelated documents, so that InnoDB's IDF (zero for a word found in every row) can rank.
const FILLER: Doc[] = ['Oak table', 'Pine chair', 'Steel kettle', 'Wool blanket', 'Clay pot', 'Glass vase', 'Linen towel', 'Brass bell'].map(
  (name, i) => ({ ref_id: 900 + i, name, description: `A plain ${name.toLowerCase()} for the home.`, sku: `FILL-${i}` }),
);

async function put(...docs: Doc[]): Promise<void> {
  for (const doc of docs) await upsertSearchDocument(knex, SPEC, { lang: 'en', ...doc } as any);
}

/** The ref_ids a search finds, best first. */
async function find(term: string, opts?: { langs?: string[] }): Promise<number[]> {
  return (await scored(term, opts)).map((r) => r.ref_id);
}

async function scored(term: string, opts?: { langs?: string[] }): Promise<Array<{ ref_id: number; score: number }>> {
  const rows = await knex.select('s.ref_id', 's.score').from(searchMatches(knex, SPEC, term, opts).as('s')).orderBy([{ column: 's.score', order: 'desc' }, 's.ref_id']);
  return rows.map((r: any) => ({ ref_id: Number(r.ref_id), score: Number(r.score) }));
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

test('a word matches as a prefix of a word, whatever its case', async () => {
  await put({ ref_id: 1, name: 'Running Shoes', description: 'Light and fast.' }, { ref_id: 2, name: 'Shoelace', description: 'Spare laces.' }, { ref_id: 3, name: 'Hat', description: 'Keeps the sun off.' }, ...FILLER);
  assert.deepEqual(sorted(await find('sho')), [1, 2]);
  assert.deepEqual(sorted(await find('SHOES')), [1]);
  assert.deepEqual(await find('runn'), [1]);
  // Prefix of a word, not a substring inside one: "hoes" is not the start of any word.
  assert.deepEqual(await find('hoes'), []);
});

test('diacritics are folded both ways: "creme" finds "Crème" and "crème" finds "Creme"', async () => {
  await put({ ref_id: 1, name: 'Crème brûlée set' }, { ref_id: 2, name: 'Creme pot' }, { ref_id: 3, name: 'Über jacket' }, ...FILLER);
  assert.deepEqual(sorted(await find('creme')), [1, 2]);
  assert.deepEqual(sorted(await find('crème')), [1, 2]);
  assert.deepEqual(await find('brulee'), [1]);
  assert.deepEqual(await find('uber'), [3]);
});

test('every word of the term must match, in any field', async () => {
  await put(
    { ref_id: 1, name: 'Red shoes', description: 'Leather.' },
    { ref_id: 2, name: 'Red hat', description: 'Wool.' },
    { ref_id: 3, name: 'Blue shoes', description: 'Canvas, red laces.' },
    ...FILLER,
  );
  assert.deepEqual(sorted(await find('red shoes')), [1, 3]);
  assert.deepEqual(await find('red wool'), [2]);
  assert.deepEqual(await find('red shoes wool'), []);
});

test('the languages filter keeps only documents in those languages, one row per ref', async () => {
  await put(
    { ref_id: 1, lang: 'en', name: 'Winter boots' },
    { ref_id: 1, lang: 'de', name: 'Winterstiefel' },
    { ref_id: 2, lang: 'de', name: 'Wintermantel' },
    { ref_id: 3, lang: 'en', name: 'Summer boots' },
    ...FILLER,
  );
  assert.deepEqual(sorted(await find('winter')), [1, 2], 'both languages of ref 1 match, yet it appears once');
  assert.deepEqual(sorted(await find('winter', { langs: ['de'] })), [1, 2]);
  assert.deepEqual(await find('boots', { langs: ['de'] }), []);
  assert.deepEqual(sorted(await find('boots', { langs: ['en', 'de'] })), [1, 3]);
  assert.deepEqual(await find('winter', { langs: [] }), []);
});

test('SKU-like terms are split on punctuation and every part is required', async () => {
  await put(
    { ref_id: 1, name: 'T-shirt', sku: 'TSHIRT-RED-M' },
    { ref_id: 2, name: 'T-shirt', sku: 'TSHIRT-RED-L' },
    { ref_id: 3, name: 'T-shirt', sku: 'TSHIRT-BLUE-M' },
    { ref_id: 4, name: 'Cap', sku: 'CAP_01' },
    ...FILLER,
  );
  assert.deepEqual(await find('TSHIRT-RED-M'), [1]);
  assert.deepEqual(await find('tshirt red m'), [1]);
  assert.deepEqual(sorted(await find('TSHIRT-RE')), [1, 2]);
  assert.deepEqual(sorted(await find('tshirt')), [1, 2, 3]);
  assert.deepEqual(await find('TSHIRT-RED-XL'), []);
  assert.deepEqual(await find('CAP_01'), [4]);
  // The part after an underscore is a word of its own on both databases.
  assert.deepEqual(await find('01'), [4]);
});

test('short words and stopwords still match (LIKE on MySQL/MariaDB, prefixes on SQLite)', async () => {
  await put({ ref_id: 1, name: 'The Theory of Colour' }, { ref_id: 2, name: 'Size XL jumper' }, { ref_id: 3, name: 'Mug for tea' }, ...FILLER);
  assert.deepEqual(await find('theory of'), [1]);
  assert.ok((await find('the')).includes(1));
  assert.deepEqual(await find('xl'), [2]);
  assert.deepEqual(await find('mug for'), [3]);
  assert.deepEqual(await find('x jumper'), [2]);
});

test('a document matching in more fields and more often scores higher', async () => {
  await put(
    { ref_id: 1, name: 'Lamp', description: 'A lamp: the brass lamp for a desk.', sku: 'LAMP-1' },
    { ref_id: 2, name: 'Desk organiser', description: 'Trays, pens, a clip-on lamp holder and shelves for paper.', sku: 'ORG-1' },
    ...FILLER,
  );
  const rows = await scored('lamp');
  assert.deepEqual(rows.map((r) => r.ref_id), [1, 2]);
  assert.ok(rows[0]!.score > rows[1]!.score, `scores ${JSON.stringify(rows)}`);
  // The same holds for a short word scanned with LIKE on MySQL/MariaDB.
  await put({ ref_id: 3, name: 'Oz jar', description: 'Holds 12 oz.', sku: 'OZ-12' }, { ref_id: 4, name: 'Jar', description: 'Holds 12 oz.', sku: 'JAR-12' });
  const short = await scored('oz');
  assert.deepEqual(short.map((r) => r.ref_id), [3, 4]);
  assert.ok(short[0]!.score > short[1]!.score, `scores ${JSON.stringify(short)}`);
});

test('an upsert replaces the document of (ref_id, lang), and missing fields become empty', async () => {
  await put({ ref_id: 1, name: 'Old name', description: 'Vintage description', sku: 'OLD-1' }, ...FILLER);
  await put({ ref_id: 1, name: 'New name' });
  assert.equal(await countRows(knex, SPEC.table, { ref_id: 1 }), 1);
  assert.deepEqual(await find('new'), [1]);
  assert.deepEqual(await find('old'), []);
  assert.deepEqual(await find('vintage'), []);
  const row = await knex(SPEC.table).where({ ref_id: 1, lang: 'en' }).first();
  assert.equal(row.description, '');
  assert.equal(row.sku, '');
  // Numbers are indexed as text.
  await upsertSearchDocument(knex, SPEC, { ref_id: 1, lang: 'en', name: 'Widget', sku: 4711 });
  assert.deepEqual(await find('4711'), [1]);
});

test('replacing a ref\'s documents updates the languages kept in place, adds new ones and removes the others', async () => {
  await put({ ref_id: 1, lang: 'en', name: 'Kite' }, { ref_id: 1, lang: 'de', name: 'Drachen' }, { ref_id: 2, name: 'Kite string' }, ...FILLER);
  const before = await knex(SPEC.table).where({ ref_id: 1, lang: 'en' }).first('id');
  await replaceSearchDocuments(knex, SPEC, 1, [{ lang: 'en', name: 'Glider' }, { lang: 'fr', name: 'Planeur' }]);
  const rows = await knex(SPEC.table).where({ ref_id: 1 }).orderBy('lang').select('id', 'lang', 'name');
  assert.deepEqual(rows.map((r) => [r.lang, r.name]), [['en', 'Glider'], ['fr', 'Planeur']]);
  assert.equal(rows[0].id, before.id, 'the kept language is updated in place, not deleted and inserted');
  assert.deepEqual(await find('kite'), [2]);
  assert.deepEqual(await find('drachen'), []);
  assert.deepEqual(await find('glider'), [1]);
});

test('many documents are upserted in one statement, each as by itself; large ones take a few', async () => {
  await put({ ref_id: 1, lang: 'en', name: 'Kite', sku: 'K-1' }, ...FILLER);
  const statements: string[] = [];
  const listener = (q: { sql: string }) => {
    if (q.sql.startsWith('insert')) statements.push(q.sql);
  };
  knex.on('query', listener);
  try {
    await upsertSearchDocuments(knex, SPEC, [
      { ref_id: 1, lang: 'en', name: 'Glider' },
      { ref_id: 2, lang: 'en', name: 'Balloon', description: 'Red_rubber' },
      { ref_id: 2, lang: 'de', name: 'Ballon' },
    ]);
    assert.equal(statements.length, 1);
    // About 0.6 MiB of text each: no statement carries much more than 1 MiB.
    await upsertSearchDocuments(knex, SPEC, [3, 4, 5].map((ref_id) => ({ ref_id, lang: 'en', name: `Long ${ref_id}`, description: 'word '.repeat(120_000) })));
    assert.equal(statements.length, 1 + 3);
  } finally {
    knex.off('query', listener);
  }
  const rows = await knex(SPEC.table).whereIn('ref_id', [1, 2]).orderBy(['ref_id', 'lang']).select('ref_id', 'lang', 'name', 'description', 'sku');
  assert.deepEqual(rows.map((r: any) => [Number(r.ref_id), r.lang, r.name, r.description, r.sku]), [
    [1, 'en', 'Glider', '', ''],
    [2, 'de', 'Ballon', '', ''],
    [2, 'en', 'Balloon', 'Red rubber', ''],
  ]);
  assert.deepEqual(sorted(await find('long')), [3, 4, 5]);
  assert.deepEqual(await find('kite'), []);
  await assert.rejects(upsertSearchDocuments(knex, SPEC, [{ ref_id: 6, lang: 'en', name: 'ok' }, { ref_id: 7, lang: 'en', title: 'x' }]), /has no field "title"/);
  assert.equal(await countRows(knex, SPEC.table, { ref_id: 6 }), 0, 'a bad document writes none of the others');
});

test('removing refs removes every language of them and nothing else', async () => {
  await put({ ref_id: 1, lang: 'en', name: 'Kite' }, { ref_id: 1, lang: 'de', name: 'Drachen kite' }, { ref_id: 2, name: 'Kite string' }, ...FILLER);
  await removeSearchDocuments(knex, SPEC, [1, 12345]);
  assert.deepEqual(await find('kite'), [2]);
  assert.equal(await countRows(knex, SPEC.table, { ref_id: 1 }), 0);
  await removeSearchDocuments(knex, SPEC, []);
  assert.deepEqual(await find('kite'), [2]);
});

test('hostile terms return rows or nothing, never an error, and the tables survive', async () => {
  await put({ ref_id: 1, name: 'Drop table cloth', description: 'Near the door, or a shelf.' }, ...FILLER);
  const before = await countRows(knex, SPEC.table);
  const terms = [
    `"'; DROP TABLE x; -- *) OR (NEAR "a`,
    `'; DROP TABLE ${SPEC.table}; --`,
    '*', '"', '-', '+', '~', '()', '( )', '""', "''", '\\', '%', '_', '!', '@', '<>', ':', '^', 'NEAR(a b)', 'a OR b', 'NOT x', 'x AND',
    '+-~*', '"*"', 'name:drop', '-drop', '"drop', 'drop*', '% _ \\ !', '\u0000', '\u0301', 'ʰ', '🙂', 'a'.repeat(500), 'x '.repeat(300),
  ];
  for (const term of terms) {
    const ids = await find(term);
    assert.ok(Array.isArray(ids), term);
  }
  assert.deepEqual(await find(`"'; DROP TABLE cloth; -- *)`), [1], 'the words still count');
  assert.equal(await countRows(knex, SPEC.table), before);
  assert.equal(await knex.schema.hasTable(SPEC.table), true);
  assert.equal(await knex.schema.hasTable('notes'), true);
});

test('a term without a usable word matches nothing', async () => {
  await put({ ref_id: 1, name: 'Anything' }, ...FILLER);
  for (const term of ['', '   ', '*', '-+~', '()"']) assert.deepEqual(await find(term), [], JSON.stringify(term));
});

test('the result joins the owner table and orders by score', async () => {
  await knex('notes').delete();
  const [a] = await knex('notes').insert({ title: 'first' });
  const [b] = await knex('notes').insert({ title: 'second' });
  const idA = Number(a);
  const idB = Number(b);
  await put({ ref_id: idA, name: 'Garden hose', description: 'A hose.' }, { ref_id: idB, name: 'Hose reel', description: 'Winds a garden hose, hose clips included.' }, ...FILLER);
  const rows = await knex('notes')
    .join(searchMatches(knex, SPEC, 'hose', { langs: ['en'] }).as('s'), 's.ref_id', 'notes.id')
    .select('notes.id', 'notes.title')
    .orderBy('s.score', 'desc');
  assert.deepEqual(sorted(rows.map((r: any) => Number(r.id))), sorted([idA, idB]));
  const count = await knex('notes').join(searchMatches(knex, SPEC, 'reel').as('s'), 's.ref_id', 'notes.id').count({ n: '*' }).first();
  assert.equal(Number((count as any).n), 1);
});

test('a document written in a transaction is found once it commits', async () => {
  await put(...FILLER);
  await knex.transaction(async (trx) => {
    await upsertSearchDocument(trx, SPEC, { ref_id: 1, lang: 'en', name: 'Parasol' });
    const inside = await trx.select('s.ref_id').from(searchMatches(trx, SPEC, 'parasol').as('s'));
    // FTS5 sees it at once; InnoDB applies FULLTEXT changes at commit.
    assert.equal(inside.length, isSqlite(knex) ? 1 : 0);
  });
  assert.deepEqual(await find('parasol'), [1]);
});

test('search words: letters and digits only, at most 10 from the first 200 characters', () => {
  assert.deepEqual(searchTokens('TSHIRT-RED-M'), ['tshirt', 'red', 'm']);
  assert.deepEqual(searchTokens(`"'; DROP TABLE x; -- *) OR (NEAR "a`), ['drop', 'table', 'x', 'or', 'near', 'a']);
  assert.deepEqual(searchTokens('Crème crème CRÈME'), ['crème']);
  assert.deepEqual(searchTokens('Cre\u0300me'), ['crème'], 'decomposed accents are composed first');
  assert.deepEqual(searchTokens('* " - + ~ ()'), []);
  assert.equal(searchTokens(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')).length, 10);
  assert.deepEqual(searchTokens('a'.repeat(199) + ' tail'), ['a'.repeat(199)]);
});

test('createSearchIndex refuses unsafe names, upserts refuse unknown fields, and dropSearchIndex removes it all', async () => {
  await assert.rejects(createSearchIndex(knex, { table: 'bad name', fields: ['x'] }), /lower-case/);
  await assert.rejects(createSearchIndex(knex, { table: 'bad_fields', fields: ['lang'] }), /reserved/);
  await assert.rejects(upsertSearchDocument(knex, SPEC, { ref_id: 1, lang: 'en', title: 'x' }), /has no field "title"/);
  const spec = { table: 'scratch_search', fields: ['body'] };
  await createSearchIndex(knex, spec);
  await upsertSearchDocument(knex, spec, { ref_id: 7, lang: 'en', body: 'temporary words' });
  assert.deepEqual((await knex.select('s.ref_id').from(searchMatches(knex, spec, 'temp').as('s'))).map((r: any) => Number(r.ref_id)), [7]);
  await dropSearchIndex(knex, spec);
  assert.equal(await knex.schema.hasTable('scratch_search'), false);
  assert.equal(await knex.schema.hasTable('scratch_search_fts'), false);
  if (isSqlite(knex)) {
    const triggers = await knex('sqlite_master').where('type', 'trigger').andWhere('name', 'like', 'scratch_search%');
    assert.deepEqual(triggers, []);
  }
});
