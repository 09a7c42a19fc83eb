import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import type { EventBus } from '../../../kernel/events.ts';
import { forUpdate, isDuplicateKey, toBool, toIso } from '../../../kernel/db/dialect.ts';
import { badRequest, conflict, notFound, type FieldErrors } from '../../../kernel/http/errors.ts';
import { PAGE_BODY_MAX_BYTES, PAGE_SLUG_MAX } from '../schemas/pages.ts';
import { sanitizePageHtml } from './sanitize-html.ts';

export interface PageTranslation {
  title?: string;
  body?: string;
}

export type PageTranslations = Record<string, PageTranslation>;

export interface Page {
  id: number;
  title: string;
  slug: string;
  body: string;
  published: boolean;
  translations?: PageTranslations;
  created_at: string;
  updated_at: string;
}

/** Who reads a page: the negotiated language, and whether unpublished pages and raw translations show. */
export interface PageViewer {
  lang: string;
  staff: boolean;
}

export interface PageInput {
  title: string;
  slug?: string;
  body?: string;
  published?: boolean;
  translations?: PageTranslations;
}

export interface PagePatch {
  title?: string;
  slug?: string;
  body?: string;
  published?: boolean;
  translations?: Record<string, PageTranslation | null>;
}

export interface PageListFilters {
  search?: string;
  published?: boolean;
}

const FOLDED: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };

/** "Über uns & mehr" → "uber-uns-mehr"; a title with no Latin letters or digits gives "page". */
export function slugify(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[ßæøœłđðþ]/g, (c) => FOLDED[c]!);
  // Room is left for the "-2", "-3" … that makes a derived slug unique.
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+/, '').slice(0, PAGE_SLUG_MAX - 10).replace(/-+$/, '');
  return slug || 'page';
}

// `%` and `_` in a search are meant literally; `!` escapes them the same way on MySQL and SQLite.
function likePattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

// "de-AT" reads a "de-AT" translation, else a "de" one, else the base text.
function languageChain(lang: string): string[] {
  const parts = lang.split('-');
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('-'));
}

const slugTaken = () => conflict('duplicate_slug', 'Another page already has this slug.', { slug: ['Another page already has this slug.'] });

/**
 * CMS pages: every rule about them lives here (visibility, slugs, translations against the store's
 * languages, HTML sanitising on write); routes only call it. Writes take the request's transaction, so
 * a page and its `page.*` event commit or roll back together.
 */
export class PageService {
  constructor(private readonly parts: { knex: Knex; clock: Clock; events: EventBus; languages: () => string[] }) {}

  /** The base query of the list: visibility, the `published` filter and a title search; `paginate` does the rest. */
  listQuery(viewer: PageViewer, filters: PageListFilters): Knex.QueryBuilder {
    const knex = this.parts.knex;
    const query = knex('pages').select('pages.*');
    if (!viewer.staff) query.where('pages.published', 1);
    if (filters.published !== undefined) query.where('pages.published', filters.published ? 1 : 0);
    if (filters.search) {
      const pattern = likePattern(filters.search);
      const chain = languageChain(viewer.lang);
      query.where((q) =>
        q.whereRaw("pages.title like ? escape '!'", [pattern]).orWhereExists((sub) =>
          sub
            .select(knex.raw('1'))
            .from('page_translations as pt')
            .whereRaw('pt.page_id = pages.id')
            .whereIn('pt.language', chain)
            .whereRaw("pt.title like ? escape '!'", [pattern]),
        ),
      );
    }
    return query;
  }

  /** Shapes page rows for `viewer`, loading their translations in one query. */
  async present(rows: any[], viewer: PageViewer, db: Knex | Knex.Transaction = this.parts.knex): Promise<Page[]> {
    if (rows.length === 0) return [];
    // Ordered by language so that responses and events are byte-stable.
    const query = db('page_translations').whereIn('page_id', rows.map((r) => r.id)).orderBy('language');
    if (!viewer.staff) query.whereIn('language', languageChain(viewer.lang));
    const byPage = new Map<number, PageTranslations>();
    for (const t of await query) {
      const entry: PageTranslation = {};
      if (t.title !== null) entry.title = t.title;
      if (t.body !== null) entry.body = t.body;
      (byPage.get(Number(t.page_id)) ?? byPage.set(Number(t.page_id), {}).get(Number(t.page_id))!)[t.language] = entry;
    }
    return rows.map((row) => view(row, byPage.get(Number(row.id)) ?? {}, viewer));
  }

  /** One page by id or slug; unpublished ones are 404 to anyone but staff. */
  async get(key: { id: number } | { slug: string }, viewer: PageViewer): Promise<Page> {
    const query = this.parts.knex('pages').where('id' in key ? { id: key.id } : { slug: key.slug });
    if (!viewer.staff) query.where('published', 1);
    const row = await query.first();
    if (!row) throw notFound('No page with this id or slug.');
    return (await this.present([row], viewer))[0]!;
  }

  /** Stores a new page (slug derived from the title unless given) and emits `page.created`. */
  async create(trx: Knex.Transaction, input: PageInput, viewer: PageViewer): Promise<Page> {
    const translations = this.checkTranslations(input.translations ?? {}, { body: input.body });
    const slug = input.slug ?? (await this.freeSlug(trx, slugify(input.title)));
    if (input.slug !== undefined) await this.ensureSlugFree(trx, slug);
    const now = this.parts.clock.now();
    const [id] = await guardSlug(
      trx('pages').insert({
        title: input.title,
        slug,
        body: sanitizePageHtml(input.body ?? ''),
        published: input.published ? 1 : 0,
        created_at: now,
        updated_at: now,
      }),
    );
    await this.writeTranslations(trx, Number(id), translations);
    return this.afterWrite(trx, Number(id), 'page.created', viewer);
  }

  /** Replaces a page whole: what `input` omits is reset (slug derived anew from the title). Emits `page.updated`. */
  async replace(trx: Knex.Transaction, id: number, input: PageInput, viewer: PageViewer): Promise<Page> {
    await this.lock(trx, id);
    const translations = this.checkTranslations(input.translations ?? {}, { body: input.body });
    const slug = input.slug ?? (await this.freeSlug(trx, slugify(input.title), id));
    if (input.slug !== undefined) await this.ensureSlugFree(trx, slug, id);
    await guardSlug(
      trx('pages').where({ id }).update({
        title: input.title,
        slug,
        body: sanitizePageHtml(input.body ?? ''),
        published: input.published ? 1 : 0,
        updated_at: this.parts.clock.now(),
      }),
    );
    await trx('page_translations').where({ page_id: id }).delete();
    await this.writeTranslations(trx, id, translations);
    return this.afterWrite(trx, id, 'page.updated', viewer);
  }

  /** Changes the fields given; a new title keeps the slug (links stay valid). Emits `page.updated`. */
  async update(trx: Knex.Transaction, id: number, patch: PagePatch, viewer: PageViewer): Promise<Page> {
    await this.lock(trx, id);
    const translations = this.checkTranslations(patch.translations ?? {}, { body: patch.body });
    if (patch.slug !== undefined) await this.ensureSlugFree(trx, patch.slug, id);
    const changes: Record<string, unknown> = { updated_at: this.parts.clock.now() };
    if (patch.title !== undefined) changes.title = patch.title;
    if (patch.slug !== undefined) changes.slug = patch.slug;
    if (patch.body !== undefined) changes.body = sanitizePageHtml(patch.body);
    if (patch.published !== undefined) changes.published = patch.published ? 1 : 0;
    await guardSlug(trx('pages').where({ id }).update(changes));
    const languages = Object.keys(translations);
    if (languages.length) await trx('page_translations').where({ page_id: id }).whereIn('language', languages).delete();
    await this.writeTranslations(trx, id, translations);
    return this.afterWrite(trx, id, 'page.updated', viewer);
  }

  /** Deletes a page with its translations; emits `page.deleted` carrying the page as it was. */
  async remove(trx: Knex.Transaction, id: number): Promise<void> {
    const row = await this.lock(trx, id);
    const [page] = await this.present([row], { lang: '', staff: true }, trx);
    await trx('page_translations').where({ page_id: id }).delete();
    await trx('pages').where({ id }).delete();
    await this.parts.events.emit(trx, 'page.deleted', page);
  }

  private async lock(trx: Knex.Transaction, id: number): Promise<any> {
    const row = await forUpdate(trx, trx('pages').where({ id })).first();
    if (!row) throw notFound('No page with this id.');
    return row;
  }

  // The event carries the stored page (base text and every translation); the caller gets its own view.
  private async afterWrite(trx: Knex.Transaction, id: number, type: string, viewer: PageViewer): Promise<Page> {
    const row = await trx('pages').where({ id }).first();
    const [stored] = await this.present([row], { lang: '', staff: true }, trx);
    await this.parts.events.emit(trx, type, stored);
    return (await this.present([row], viewer, trx))[0]!;
  }

  /**
   * Checks sizes and languages of a write (every bad field named in one 400), maps language keys to the
   * store's spelling ("DE" → "de") and sanitises translated bodies. A null entry (PATCH) stays null.
   */
  private checkTranslations<T extends PageTranslation | null>(input: Record<string, T>, base: { body?: string }): Record<string, T> {
    const offered = this.parts.languages();
    const errors: FieldErrors = {};
    const tooBig = (field: string, text: string | undefined) => {
      if (text !== undefined && Buffer.byteLength(text, 'utf8') > PAGE_BODY_MAX_BYTES) errors[field] = [`At most ${PAGE_BODY_MAX_BYTES} bytes.`];
    };
    tooBig('body', base.body);
    const result: Record<string, T> = {};
    for (const [key, entry] of Object.entries(input)) {
      const lang = offered.find((l) => l.toLowerCase() === key.toLowerCase());
      if (!lang) errors[`translations.${key}`] = [`Not one of the store's languages (${offered.join(', ')}).`];
      else if (Object.hasOwn(result, lang)) errors[`translations.${key}`] = [`Given twice (as ${lang}).`];
      tooBig(`translations.${key}.body`, entry?.body);
      if (lang) result[lang] = (entry && entry.body !== undefined ? { ...entry, body: sanitizePageHtml(entry.body) } : entry) as T;
    }
    if (Object.keys(errors).length) throw badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors);
    return result;
  }

  private async writeTranslations(trx: Knex.Transaction, pageId: number, translations: Record<string, PageTranslation | null>): Promise<void> {
    const rows = Object.entries(translations)
      .filter((e): e is [string, PageTranslation] => e[1] !== null)
      .map(([language, t]) => ({ page_id: pageId, language, title: t.title ?? null, body: t.body ?? null }));
    if (rows.length) await trx('page_translations').insert(rows);
  }

  private async ensureSlugFree(trx: Knex.Transaction, slug: string, exceptId?: number): Promise<void> {
    const query = trx('pages').where({ slug }).first('id');
    if (exceptId !== undefined) query.whereNot('id', exceptId);
    if (await query) throw slugTaken();
  }

  // A derived slug never conflicts: "about-us" is taken, so "about-us-2", "about-us-3", …
  private async freeSlug(trx: Knex.Transaction, base: string, exceptId?: number): Promise<string> {
    const query = trx('pages').where((q) => q.where('slug', base).orWhere('slug', 'like', `${base}-%`)).pluck('slug');
    if (exceptId !== undefined) query.whereNot('id', exceptId);
    const taken = new Set<string>(await query);
    if (!taken.has(base)) return base;
    let n = 2;
    while (taken.has(`${base}-${n}`)) n++;
    return `${base}-${n}`;
  }
}

// Two writers racing for one slug: the unique index decides, and the loser hears duplicate_slug.
async function guardSlug<T>(write: PromiseLike<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isDuplicateKey(err)) throw slugTaken();
    throw err;
  }
}

function view(row: any, translations: PageTranslations, viewer: PageViewer): Page {
  const chain = viewer.lang ? languageChain(viewer.lang) : [];
  const pick = (field: keyof PageTranslation): string | undefined => chain.map((l) => translations[l]?.[field]).find((v) => v !== undefined);
  const page: Page = {
    id: Number(row.id),
    title: pick('title') ?? row.title,
    slug: row.slug,
    body: pick('body') ?? row.body,
    published: toBool(row.published),
    created_at: toIso(row.created_at)!,
    updated_at: toIso(row.updated_at)!,
  };
  if (viewer.staff) page.translations = translations;
  return page;
}
