import { LRUCache } from 'lru-cache';
import type { Knex } from 'knex';
import { isMysql } from '../../../kernel/db/dialect.ts';
import { batchedRead } from '../../../kernel/db/batched-reads.ts';
import { sharedRows } from '../../../kernel/db/shared-reads.ts';
import type { CatalogHooks } from '../hooks.ts';
import type { StoreSettingsReader } from './pricing.ts';
import type { Db, ProductRecord, ProductView } from './records.ts';
import type { CatalogViews, ViewContext } from './views.ts';

/** What the memo needs of a product to tell whether its kept JSON is current. */
export interface ProductRef {
  id: number;
  revision: number;
  /** The fingerprint columns' values, when they were selected with the product's row (`refOf`). */
  fingerprint?: string;
}

const columnName = (i: number) => `__fingerprint_${i}`;

/** Memory for kept products: about 5,000 products of 1.5 KB, each in every language and currency asked. */
export const PRODUCT_MEMO_BYTES = 8 * 1024 * 1024;

/** Turns one product view into its JSON, exactly as the route's response schema writes it. */
export type ProductSerializer = (view: ProductView) => string;

interface Kept {
  /** The product's revision, the store settings' generation and every plugin's fingerprint. */
  version: string;
  /** UTF-8, as it is sent (kept-json.ts `pageBytes`). */
  json: Buffer;
}

/**
 * Each product's serialised JSON per language and currency, for customers and anonymous callers, kept
 * while nothing it was built from has changed: a computed list of 20 products is then its page query
 * (with the plugins' fingerprint columns on MySQL/MariaDB; one statement for them elsewhere, and one per
 * plugin tapping `fingerprintProducts`) and a concatenation, instead of loading variants, building
 * views, running the serialisation taps and serialising 28 KB on every request.
 *
 * Never stale, because nothing is invalidated: every request reads the inputs' versions (the product's
 * `revision`, raised in the transaction of every write to it or its variants; the store settings, which
 * carry the currencies, rates and languages; each plugin's fingerprint, a column (`fingerprintColumns`)
 * or from `fingerprintProducts`) and
 * builds afresh whatever does not match. Versions are read before a miss is built, so what is kept is
 * never older than the version it is kept under. Staff answers (drafts, stored translations) are
 * always built afresh, and so is everything while a plugin taps `serializeProduct` without a fingerprint.
 */
export class ProductMemo {
  private readonly kept = new LRUCache<string, Kept>({ maxSize: PRODUCT_MEMO_BYTES, sizeCalculation: (k) => k.json.length + k.version.length + 64 });
  private settingsSeen?: object;
  private settingsText = '';
  private settingsGeneration = 0;
  private readonly built = new WeakMap<Db, Knex.QueryBuilder[]>();

  constructor(
    private readonly parts: {
      views: CatalogViews;
      hooks: CatalogHooks;
      settings: StoreSettingsReader;
    },
  ) {}

  /** Whether answers for this caller may be taken from what is kept. */
  usable(vc: ViewContext): boolean {
    if (vc.staff) return false;
    const { serializeProduct, fingerprintProducts, fingerprintColumns } = this.parts.hooks;
    const fingerprinted = new Set([...fingerprintProducts.taps, ...fingerprintColumns.taps].map((t) => t.name));
    return serializeProduct.taps.every((t) => fingerprinted.has(t.name));
  }

  /**
   * The plugins' fingerprint columns (`catalog.fingerprintColumns`) to select with the rows of a query
   * over `products` whose products this memo then serves, on MySQL/MariaDB: they evaluate a select
   * list's subqueries for the rows they send, after sorting and the LIMIT, so the page's twenty rows
   * cost twenty index lookups and no round trip. With a window function (a search's count) they would
   * evaluate them for every row that matched, so a search selects them over its page read as a derived
   * table (kernel/http/columns-over-page.ts). SQLite computes a sorted query's columns before
   * sorting, for every row, and a statement of its own costs it little: none there.
   */
  columnsWithRows(db: Db): Knex.QueryBuilder[] {
    return isMysql(db as Knex) ? this.columns(db) : [];
  }

  /**
   * What the memo compares of an active product, by its id, in one statement with its fingerprint
   * columns on every database (without a sort, SQLite too computes the select list for the one row it
   * returns), so a detail kept as it is reads nothing else; undefined when no active product has it.
   */
  async activeRef(db: Knex, id: number): Promise<ProductRef | undefined> {
    const row = await this.activeRefRow(db, id);
    return row && this.refOf(row);
  }

  private readonly activeRefRow = batchedRead(
    (db: Knex, ids: number[]) => db('products').whereIn('products.id', ids).where('products.status', 'active').select('products.id', 'products.revision', ...this.columns(db)),
    (row) => Number(row.id),
  );

  /** A product's id, revision and, when its query selected them (`columnsWithRows`, `activeRef`), fingerprint columns. */
  refOf(row: Record<string, unknown>): ProductRef {
    const ref: ProductRef = { id: Number(row.id), revision: Number(row.revision) };
    if (nameOf(0) in row) ref.fingerprint = fingerprintOf(row);
    return ref;
  }

  /**
   * The products' JSON (UTF-8) in the order given: kept where current, built (and kept) where not. `load` reads
   * the records of the products to build, so a page whose products are all kept reads only their ids
   * and revisions.
   */
  async serialized(db: Db, refs: ProductRef[], vc: ViewContext, serialize: ProductSerializer, load: (ids: number[]) => Promise<ProductRecord[]>): Promise<Buffer[]> {
    if (refs.length === 0) return [];
    const fingerprints = await this.fingerprints(db, refs, vc);
    const settings = this.settingsVersion();
    const out: Buffer[] = new Array(refs.length);
    const missing: Array<{ at: number; key: string; version: string }> = [];
    for (const [at, p] of refs.entries()) {
      const key = `${p.id}|${vc.lang ?? ''}|${vc.currency}`;
      const version = `${p.revision}|${settings}|${fingerprints.get(p.id) ?? ''}`;
      const kept = this.kept.get(key);
      if (kept?.version === version) out[at] = kept.json;
      else missing.push({ at, key, version });
    }
    if (missing.length > 0) {
      const records = await load(missing.map((m) => refs[m.at]!.id));
      const revisions = new Map(records.map((r) => [r.id, r.revision]));
      const views = new Map((await this.parts.views.products(db, records, vc)).map((v) => [v.id, v]));
      for (const m of missing) {
        const ref = refs[m.at]!;
        const view = views.get(ref.id);
        // Deleted since the page was read: its place is left out, as a read a moment later would.
        if (!view) continue;
        const json = Buffer.from(serialize(view));
        out[m.at] = json;
        // Kept under the revision just read only when the record is that revision: a write in between
        // made a newer JSON, which the next request's revision will not match, and builds again.
        if (revisions.get(ref.id) === ref.revision) this.kept.set(m.key, { version: m.version, json });
      }
    }
    return out.filter((json) => json !== undefined);
  }

  // Each product's fingerprint: its columns' values (as selected with its row, else read here in one
  // statement for the products that lack them), then what the `fingerprintProducts` taps append.
  private async fingerprints(db: Db, refs: ProductRef[], vc: ViewContext): Promise<Map<number, string>> {
    const out = new Map(refs.map((p) => [p.id, p.fingerprint ?? '']));
    const unread = refs.filter((p) => p.fingerprint === undefined).map((p) => p.id);
    const columns = unread.length > 0 ? this.columns(db) : [];
    if (columns.length > 0) {
      for (const row of await sharedRows(db('products').whereIn('products.id', unread).select('products.id', ...columns))) out.set(Number(row.id), fingerprintOf(row));
    }
    const { fingerprintProducts } = this.parts.hooks;
    return fingerprintProducts.taps.length === 0 ? out : fingerprintProducts.promise(out, this.parts.views.serializeContext(db, vc));
  }

  // The fingerprint subqueries, each named for its place; built once per database handle (knex compiles
  // a subquery into each statement without changing it, so one built serves every request).
  private columns(db: Db): Knex.QueryBuilder[] {
    const { fingerprintColumns } = this.parts.hooks;
    if (fingerprintColumns.taps.length === 0) return [];
    let columns = this.built.get(db);
    if (!columns) {
      columns = fingerprintColumns.call([], { db }).map((c, i) => c.subquery.as(columnName(i)));
      this.built.set(db, columns);
    }
    return columns;
  }

  // A number that changes whenever the settings' content does. core-store replaces its settings object
  // on every refresh, so the content is compared only when the object is a new one.
  private settingsVersion(): number {
    const current = this.parts.settings.get();
    if (current !== this.settingsSeen) {
      this.settingsSeen = current;
      const text = JSON.stringify(current);
      if (text !== this.settingsText) {
        this.settingsText = text;
        this.settingsGeneration++;
      }
    }
    return this.settingsGeneration;
  }
}

// The names of the first fingerprint columns, made once: a page reads them for each of its rows.
const COLUMN_NAMES = Array.from({ length: 16 }, (_, i) => columnName(i));
const nameOf = (i: number) => COLUMN_NAMES[i] ?? columnName(i);

// The values of every fingerprint column the row has, in their order (however many each plugin
// appended); NULL (nothing to fingerprint) is empty.
function fingerprintOf(row: Record<string, unknown>): string {
  let text = '';
  for (let i = 0; nameOf(i) in row; i++) text += `${i ? '|' : ''}${row[nameOf(i)] ?? ''}`;
  return text;
}
