import { isSqlite } from '../../../kernel/db/dialect.ts';
import type { Db } from './records.ts';

export const SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
const MAX_BASE = 180;

/** A URL slug from a name: ASCII letters and digits joined by dashes ("Crème Brûlée!" → "creme-brulee"). */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_BASE)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** Whether `slug` is used in `table` by a row other than `exceptId`. */
export async function slugTaken(db: Db, table: string, slug: string, exceptId?: number): Promise<boolean> {
  const query = db(table).where('slug', slug).first('id');
  if (exceptId !== undefined) query.whereNot('id', exceptId);
  return (await query) !== undefined;
}

/**
 * The first free slug among `base`, `base-2`, `base-3`, … in `table` (one query). Only derived slugs get
 * a suffix; a slug the caller chose is theirs or a 409.
 */
export async function freeSlug(db: Db, table: string, base: string): Promise<string> {
  // A slug holds only [a-z0-9-], so it needs no LIKE escaping. SQLite's LIKE ignores case and so cannot
  // use the slug index: every new product scanned the whole table, and seeding 100,000 products took
  // minutes. There the suffixed slugs are the index range from "base-" up to "base." ("." follows "-"),
  // compared byte by byte; MySQL/MariaDB use the index for a prefix LIKE.
  const suffixed = (q: any) => (isSqlite(db) ? q.where('slug', '>=', `${base}-`).andWhere('slug', '<', `${base}.`) : q.where('slug', 'like', `${base}-%`));
  const rows = await db(table).where('slug', base).orWhere(suffixed).select('slug');
  const used = new Set(rows.map((r: { slug: string }) => r.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
