import type { Knex } from 'knex';
import { isSqlite } from './dialect.ts';
import { insertBatches } from './insert-batches.ts';

/**
 * Full-text search behind one API on both databases: SQLite FTS5 (an external-content table kept in
 * sync by triggers) and MySQL/MariaDB InnoDB FULLTEXT. A search index is a table of documents, one per
 * (ref_id, lang), each with one text column per field; `searchMatches` yields (ref_id, score) rows to
 * join against the owner's own table. Plugins never ask which database they are on.
 *
 * What differs between the databases (the tests pin it down):
 * - Words of 3+ characters are word-prefix matches on both ("sho" finds "Shoes"). Shorter words and
 *   InnoDB stopwords ("the", "for", …) are not in an InnoDB index, so on MySQL/MariaDB they are matched
 *   with LIKE as substrings of the fields ("m" finds "TSHIRT-RED-M" but also "Mug"); on SQLite they stay
 *   word-prefix matches.
 * - Case and diacritics are folded on both: FTS5's `remove_diacritics 2`, and on MySQL/MariaDB the
 *   table's `utf8mb4_unicode_ci` collation (which also folds full-width letters).
 * - Scores are bm25 (SQLite) or InnoDB's TF-IDF relevance plus one point per field a LIKE word hits
 *   (MySQL/MariaDB): comparable within one search only.
 * - InnoDB applies FULLTEXT changes at commit: a document written inside a transaction is found by
 *   MATCH only after that transaction commits (FTS5 sees it at once).
 */
export interface SearchIndexSpec {
  table: string;
  fields: string[];
}

export type SearchDocument = { ref_id: number; lang: string; [field: string]: string | number };

type Db = Knex | Knex.Transaction;

const MAX_TERM_CHARS = 200;
const MAX_TOKENS = 10;
const IDENTIFIER = /^[a-z][a-z0-9_]{0,50}$/;
const RESERVED_COLUMNS = new Set(['id', 'ref_id', 'lang']);
// A word: a letter or digit, then letters, digits or combining marks. Everything else separates words.
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

// InnoDB's defaults: innodb_ft_min_token_size, innodb_ft_max_token_size and
// INFORMATION_SCHEMA.INNODB_FT_DEFAULT_STOPWORD. Words outside them are not in the index.
const INNODB_MIN_TOKEN = 3;
const INNODB_MAX_TOKEN = 84;
const INNODB_STOPWORDS = new Set(
  'a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www'.split(' '),
);

function checkSpec(spec: SearchIndexSpec): void {
  const names = [spec.table, ...spec.fields];
  const bad = names.find((n) => !IDENTIFIER.test(n));
  if (bad !== undefined) throw new Error(`Search index name "${bad}" must be lower-case letters, digits and underscores.`);
  if (spec.fields.length === 0) throw new Error(`Search index "${spec.table}" needs at least one field.`);
  const clash = spec.fields.find((f, i) => RESERVED_COLUMNS.has(f) || spec.fields.indexOf(f) !== i);
  if (clash) throw new Error(`Search index "${spec.table}" field "${clash}" is reserved or repeated.`);
}

const ftsTable = (spec: SearchIndexSpec) => `${spec.table}_fts`;

/**
 * Creates the documents table and its full-text machinery, in a migration. SQLite: an FTS5 table with
 * external content and insert/update/delete triggers; MySQL/MariaDB: one InnoDB FULLTEXT index over
 * the fields, with an accent- and case-insensitive collation.
 */
export async function createSearchIndex(knex: Knex, spec: SearchIndexSpec): Promise<void> {
  checkSpec(spec);
  const sqlite = isSqlite(knex);
  await knex.schema.createTable(spec.table, (t) => {
    t.bigIncrements('id');
    t.bigInteger('ref_id').unsigned().notNullable();
    t.string('lang', 35).notNullable();
    // No default: MySQL refuses one on TEXT columns; every write sets every field.
    for (const field of spec.fields) t.text(field, 'mediumtext').notNullable();
    // The unique key also serves lookups by ref_id alone (its prefix). A second index on ref_id only
    // doubled what every insert locks, and concurrent inserts deadlocked on it (see replaceSearchDocuments).
    t.unique(['ref_id', 'lang']);
    if (!sqlite) {
      t.engine('InnoDB');
      t.charset('utf8mb4');
      t.collate('utf8mb4_unicode_ci');
      t.index(spec.fields, `${spec.table}_fulltext`, { indexType: 'FULLTEXT' });
    }
  });
  if (!sqlite) return;
  const fts = ftsTable(spec);
  const cols = spec.fields.map((f) => `"${f}"`).join(', ');
  const newCols = spec.fields.map((f) => `new."${f}"`).join(', ');
  const oldCols = spec.fields.map((f) => `old."${f}"`).join(', ');
  await knex.raw(
    `CREATE VIRTUAL TABLE "${fts}" USING fts5(${cols}, content='${spec.table}', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
  );
  const insertNew = `INSERT INTO "${fts}"(rowid, ${cols}) VALUES (new.id, ${newCols});`;
  const deleteOld = `INSERT INTO "${fts}"("${fts}", rowid, ${cols}) VALUES ('delete', old.id, ${oldCols});`;
  await knex.raw(`CREATE TRIGGER "${fts}_ai" AFTER INSERT ON "${spec.table}" BEGIN ${insertNew} END`);
  await knex.raw(`CREATE TRIGGER "${fts}_ad" AFTER DELETE ON "${spec.table}" BEGIN ${deleteOld} END`);
  await knex.raw(`CREATE TRIGGER "${fts}_au" AFTER UPDATE ON "${spec.table}" BEGIN ${deleteOld} ${insertNew} END`);
}

/** Drops the documents table and its full-text machinery (a migration's `down`). */
export async function dropSearchIndex(knex: Knex, spec: SearchIndexSpec): Promise<void> {
  checkSpec(spec);
  if (isSqlite(knex)) {
    for (const suffix of ['ai', 'ad', 'au']) await knex.raw(`DROP TRIGGER IF EXISTS "${ftsTable(spec)}_${suffix}"`);
    await knex.raw(`DROP TABLE IF EXISTS "${ftsTable(spec)}"`);
  }
  await knex.schema.dropTableIfExists(spec.table);
}

// The stored copy exists only to be matched. InnoDB's parser keeps "ABC_DEF" as one word where FTS5
// sees two; writing underscores as spaces makes both split words alike.
function indexText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).normalize('NFC').replace(/_/g, ' ');
}

/** Replaces the document (ref_id, lang) with these field values; a field not given is stored as ''. */
export async function upsertSearchDocument(db: Db, spec: SearchIndexSpec, doc: SearchDocument): Promise<void> {
  await upsertSearchDocuments(db, spec, [doc]);
}

/**
 * Replaces each document (ref_id, lang) with its field values, as `upsertSearchDocument` does one, in
 * as few statements as their size allows: what writing the documents of many new refs at once uses.
 */
export async function upsertSearchDocuments(db: Db, spec: SearchIndexSpec, docs: ReadonlyArray<SearchDocument>): Promise<void> {
  checkSpec(spec);
  const rows = docs.map((doc) => {
    const { ref_id, lang, ...values } = doc;
    const unknown = Object.keys(values).find((k) => !spec.fields.includes(k));
    if (unknown !== undefined) throw new Error(`Search index "${spec.table}" has no field "${unknown}".`);
    if (!Number.isSafeInteger(Number(ref_id))) throw new Error(`Search document ref_id must be an integer, got ${String(ref_id)}.`);
    if (typeof lang !== 'string' || lang.length === 0 || lang.length > 35) throw new Error('Search document lang must be 1 to 35 characters.');
    const row: Record<string, string | number> = { ref_id: Number(ref_id), lang };
    for (const field of spec.fields) row[field] = indexText(values[field]);
    return row;
  });
  // Many refs' documents (a bulk write's new products) in as few statements as their size allows.
  const length = (row: Record<string, string | number>) => spec.fields.reduce((n, field) => n + String(row[field]).length, 0);
  for (const batch of insertBatches(rows, length)) await db(spec.table).insert(batch).onConflict(['ref_id', 'lang']).merge(spec.fields);
}

/** Removes every document (all languages) of these refs. */
export async function removeSearchDocuments(db: Db, spec: SearchIndexSpec, refIds: number[]): Promise<void> {
  checkSpec(spec);
  const ids = [...new Set(refIds.map(Number))];
  for (let i = 0; i < ids.length; i += 500) await db(spec.table).whereIn('ref_id', ids.slice(i, i + 500)).delete();
}

/**
 * Makes `docs` the documents of `refId`, each a (lang, fields) for that ref: changed ones updated, new
 * ones inserted, languages no longer given deleted. Every write names its rows by key, never by a range
 * of `ref_id`: a range delete-then-insert takes next-key locks on MySQL/MariaDB, and two transactions
 * indexing new refs (the highest ids, whose range ends at the index's supremum) each held the gap the
 * other's insert needed and deadlocked.
 */
export async function replaceSearchDocuments(db: Db, spec: SearchIndexSpec, refId: number, docs: Array<Omit<SearchDocument, 'ref_id'>>): Promise<void> {
  checkSpec(spec);
  const existing: Array<{ id: number; lang: string }> = await db(spec.table).where('ref_id', Number(refId)).select('id', 'lang');
  const idOf = new Map(existing.map((e) => [e.lang, e.id]));
  const kept = new Set(docs.map((d) => String(d.lang)));
  const stale = existing.filter((e) => !kept.has(e.lang)).map((e) => e.id);
  if (stale.length) await db(spec.table).whereIn('id', stale).delete();
  for (const doc of docs) {
    const id = idOf.get(String(doc.lang));
    if (id === undefined) {
      await upsertSearchDocument(db, spec, { ...doc, ref_id: refId } as SearchDocument);
      continue;
    }
    const { lang: _lang, ...values } = doc;
    const unknown = Object.keys(values).find((k) => !spec.fields.includes(k));
    if (unknown !== undefined) throw new Error(`Search index "${spec.table}" has no field "${unknown}".`);
    await db(spec.table).where('id', id).update(Object.fromEntries(spec.fields.map((f) => [f, indexText(values[f])])));
  }
}

/**
 * The words of a search as the index sees them: runs of Unicode letters and digits, lower-cased and
 * de-duplicated, at most 10 from the first 200 characters. Punctuation splits ("TSHIRT-RED-M" gives
 * three words, all required) and everything else, query syntax included, is dropped.
 */
export function searchTokens(term: string): string[] {
  const text = Array.from(String(term ?? '')).slice(0, MAX_TERM_CHARS).join('').normalize('NFC');
  const tokens: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const token = match[0].toLowerCase();
    if (tokens.includes(token)) continue;
    tokens.push(token);
    if (tokens.length === MAX_TOKENS) break;
  }
  return tokens;
}

/**
 * A subquery of (ref_id, score), one row per ref_id and higher score better, for the documents that
 * match every word of `term`, each also as a word prefix; `langs` keeps only documents in those
 * languages (an empty list keeps none). A term without words matches nothing. Use it as
 * `.join(searchMatches(db, spec, term).as('s'), 's.ref_id', 'products.id').orderBy('s.score', 'desc')`.
 * `ranked: false` gives the same rows with a score of 0, without computing relevance: what a count of
 * the matches needs (ranking costs most of a search over many matches).
 */
export function searchMatches(db: Db, spec: SearchIndexSpec, term: string, opts: { langs?: string[]; ranked?: boolean } = {}): Knex.QueryBuilder {
  checkSpec(spec);
  const tokens = searchTokens(term);
  if (tokens.length === 0) return db({ d: spec.table }).select('d.ref_id', db.raw('0 as score')).whereRaw('1 = 0');
  const ranked = opts.ranked ?? true;
  const query = isSqlite(db) ? sqliteMatches(db, spec, tokens, ranked) : mysqlMatches(db, spec, tokens, ranked);
  if (opts.langs) query.whereIn('d.lang', opts.langs);
  return query;
}

// FTS5: every word a quoted prefix query ("word"*), AND-ed; quoting leaves no word any syntax.
function sqliteMatches(db: Db, spec: SearchIndexSpec, tokens: string[], ranked: boolean): Knex.QueryBuilder {
  const fts = ftsTable(spec);
  const match = tokens.map((t) => `"${t}"*`).join(' AND ');
  if (!ranked) {
    return db({ d: spec.table })
      .select('d.ref_id', db.raw('0 as score'))
      .whereIn('d.id', db.from(fts).select('rowid').whereRaw('?? match ?', [fts, match]))
      .groupBy('d.ref_id');
  }
  // bm25() needs the FTS cursor it scores, so the hits are a materialized CTE: SQLite would otherwise
  // flatten them into the grouping query and refuse bm25 there.
  const hits = `${fts}_hits`;
  return db
    .withMaterialized(
      hits,
      db.from(fts).select(db.raw('rowid as doc_id'), db.raw('-bm25(??) as score', [fts])).whereRaw('?? match ?', [fts, match]),
    )
    .from(hits)
    .join({ d: spec.table }, 'd.id', `${hits}.doc_id`)
    .select('d.ref_id')
    .max({ score: `${hits}.score` })
    .groupBy('d.ref_id');
}

function likeContains(word: string): string {
  return `%${word.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

// InnoDB: indexable words as `+word*` in one boolean MATCH; words the index lacks (too short, too long,
// stopwords) as LIKE over the fields. Everything is AND-ed.
function mysqlMatches(db: Db, spec: SearchIndexSpec, tokens: string[], ranked: boolean): Knex.QueryBuilder {
  const chars = (t: string) => Array.from(t).length;
  const indexed = tokens.filter((t) => chars(t) >= INNODB_MIN_TOKEN && chars(t) <= INNODB_MAX_TOKEN && !INNODB_STOPWORDS.has(t));
  const scanned = tokens.filter((t) => !indexed.includes(t));
  const columns = spec.fields.map(() => '??').join(', ');
  const columnRefs = spec.fields.map((f) => `d.${f}`);
  const against = indexed.map((t) => `+${t}*`).join(' ');
  const matchSql = `MATCH(${columns}) AGAINST (? IN BOOLEAN MODE)`;
  const matchBindings = [...columnRefs, against];

  const scoreParts: string[] = [];
  const scoreBindings: unknown[] = [];
  if (indexed.length) {
    scoreParts.push(matchSql);
    scoreBindings.push(...matchBindings);
  }
  for (const token of scanned) {
    for (const column of columnRefs) {
      scoreParts.push(`(?? LIKE ? ESCAPE '!')`);
      scoreBindings.push(column, likeContains(token));
    }
  }
  const query = db({ d: spec.table })
    .select('d.ref_id', ranked ? db.raw(`max(${scoreParts.join(' + ')}) as score`, scoreBindings as any) : db.raw('0 as score'))
    .groupBy('d.ref_id');
  if (indexed.length) query.whereRaw(matchSql, matchBindings as any);
  for (const token of scanned) {
    const pattern = likeContains(token);
    query.where((q) => {
      for (const column of columnRefs) q.orWhereRaw(`?? LIKE ? ESCAPE '!'`, [column, pattern]);
    });
  }
  return query;
}
