import { LRUCache } from 'lru-cache';
import type { CatalogHooks } from '../hooks.ts';
import type { StoreSettingsReader } from './pricing.ts';
import type { Db, ProductRecord, ProductView } from './records.ts';

/** What the memo needs of a product to tell whether its kept JSON is current. */
export interface ProductRef {
  id: number;
  revision: number;
}
import type { CatalogViews, ViewContext } from './views.ts';

/** Memory for kept products: about 5,000 products of 1.5 KB, each in every language and currency asked. */
export const PRODUCT_MEMO_BYTES = 8 * 1024 * 1024;

/** Turns one product view into its JSON, exactly as the route's response schema writes it. */
export type ProductSerializer = (view: ProductView) => string;

interface Kept {
  /** The product's revision, the store settings' generation and every plugin's fingerprint. */
  version: string;
  /** UTF-8, as it is sent (lists.ts `pageBytes`). */
  json: Buffer;
}

/**
 * Each product's serialised JSON per language and currency, for customers and anonymous callers, kept
 * while nothing it was built from has changed: a computed list of 20 products is then its page query,
 * one fingerprint query per plugin and a concatenation, instead of loading variants, building views,
 * running the serialisation taps and serialising 28 KB on every request.
 *
 * Never stale, because nothing is invalidated: every request reads the inputs' versions (the product's
 * `revision`, raised in the transaction of every write to it or its variants; the store settings, which
 * carry the currencies, rates and languages; each plugin's fingerprint from `fingerprintProducts`) and
 * builds afresh whatever does not match. Versions are read before a miss is built, so what is kept is
 * never older than the version it is kept under. Staff answers (drafts, stored translations) are
 * always built afresh, and so is everything while a plugin taps `serializeProduct` without a fingerprint.
 */
export class ProductMemo {
  private readonly kept = new LRUCache<string, Kept>({ maxSize: PRODUCT_MEMO_BYTES, sizeCalculation: (k) => k.json.length + k.version.length + 64 });
  private settingsSeen?: object;
  private settingsText = '';
  private settingsGeneration = 0;

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
    const { serializeProduct, fingerprintProducts } = this.parts.hooks;
    const fingerprinted = new Set(fingerprintProducts.taps.map((t) => t.name));
    return serializeProduct.taps.every((t) => fingerprinted.has(t.name));
  }

  /**
   * The products' JSON (UTF-8) in the order given: kept where current, built (and kept) where not. `load` reads
   * the records of the products to build, so a page whose products are all kept reads only their ids
   * and revisions.
   */
  async serialized(db: Db, refs: ProductRef[], vc: ViewContext, serialize: ProductSerializer, load: (ids: number[]) => Promise<ProductRecord[]>): Promise<Buffer[]> {
    if (refs.length === 0) return [];
    const empty = new Map(refs.map((p) => [p.id, '']));
    const fingerprints = await this.parts.hooks.fingerprintProducts.promise(empty, this.parts.views.serializeContext(db, vc));
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
