import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../../kernel/clock.ts';
import type { EventBus } from '../../../kernel/events.ts';
import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { toId } from '../../../kernel/http/schemas.ts';
import { addError, CatalogErrors, throwIfInvalid } from '../errors.ts';
import { createCategoryCounts, removeCategoryCounts } from './category-counts.ts';
import { categoryFromRow, type CategoryRecord, type Db, type TranslatedText } from './records.ts';
import { freeSlug, slugify, slugTaken } from './slugs.ts';
import { checkTranslations } from './translations.ts';
import type { CatalogViews } from './views.ts';

/** How many categories' subtrees are kept (a store's categories; a ref naming none is kept as empty). */
const KEPT_SUBTREES = 1000;

/** The kernel's response cache as a clock of committed changes (kernel/http/response-cache.ts). */
export interface ChangeGeneration {
  readonly enabled: boolean;
  readonly generation: number;
}

export interface CategoryInput {
  name?: string;
  slug?: string;
  description?: string;
  parent_id?: number | string | null;
  translations?: Record<string, TranslatedText>;
}

/** A category reference in a filter: an id or a slug (digits match either). */
function rootOf(q: Knex.QueryBuilder, ref: string | number, table = 'categories'): Knex.QueryBuilder {
  const text = String(ref);
  return /^\d{1,18}$/.test(text) ? q.where(`${table}.id`, Number(text)).orWhere(`${table}.slug`, text) : q.where(`${table}.slug`, text);
}

/** Categories: a tree through parent_id (no cycles), unique slugs, translated name and description. */
export class CategoryService {
  // Subtrees read outside a transaction, kept while no change has committed (the response cache's
  // generation: every commit here, and another process's noticed, moves it on), as the storefront keeps
  // its active theme: a category list's subtree is then no statement of its own.
  private readonly subtrees = new LRUCache<string, { generation: number; ids: number[] }>({ max: KEPT_SUBTREES });

  constructor(private readonly parts: { clock: Clock; events: EventBus; views: CatalogViews; languages: () => string[]; changes?: ChangeGeneration }) {}

  /** The base query of the category list; `parent` narrows to one parent's children (null: the roots). */
  listQuery(db: Db, filters: { parent?: number | null } = {}): Knex.QueryBuilder {
    const query = db('categories').select('categories.*');
    if (filters.parent === null) query.whereNull('parent_id');
    else if (filters.parent !== undefined) query.where('parent_id', filters.parent);
    return query;
  }

  /** Whether a category with this id or slug exists (a list filter naming none is a 400, not an empty list). */
  async exists(db: Db, ref: string): Promise<boolean> {
    return !!(await db('categories').where((q) => rootOf(q, ref)).first('id'));
  }

  async get(db: Db, id: number): Promise<CategoryRecord> {
    const row = await db('categories').where('id', id).first();
    if (!row) throw CatalogErrors.categoryNotFound();
    return categoryFromRow(row);
  }

  /**
   * The ids of the category named by `ref` (id or slug) and all its descendants, as a subquery
   * (a recursive CTE: no query of its own, whatever the depth).
   */
  /**
   * `subtreeIds` read: the category's id first, then its descendants'; empty when `ref` names none. Kept
   * between changes while the response cache is on (its generation is then moved on by other processes'
   * changes too); read afresh inside a transaction.
   */
  async subtreeIdList(db: Db, ref: string | number): Promise<number[]> {
    const changes = this.parts.changes;
    const generation = changes?.enabled && !(db as Knex.Transaction).isTransaction ? changes.generation : undefined;
    const key = String(ref);
    if (generation !== undefined) {
      const kept = this.subtrees.get(key);
      if (kept?.generation === generation) return kept.ids;
    }
    const ids = (await this.subtreeIds(db, ref).pluck('category_tree.id')).map(Number);
    // Read before the statement: a subtree read across a commit is not kept.
    if (generation !== undefined && generation === changes!.generation) this.subtrees.set(key, { generation, ids });
    return ids;
  }

  subtreeIds(db: Db, ref: string | number): Knex.QueryBuilder {
    // Built of builders, not callbacks, so that its shape is compiled once (kernel/db/compiled-statements.ts).
    const children = db.select('c.id').from({ c: 'categories' }).join({ t: 'category_tree' }, 'c.parent_id', 't.id');
    // The root's condition is the anchor's only one, so it needs no parentheses.
    const tree = rootOf(db.select('categories.id').from('categories'), ref).unionAll(children);
    return db.withRecursive('category_tree', ['id'], tree).select('category_tree.id').from('category_tree');
  }

  async create(db: Db, input: CategoryInput): Promise<CategoryRecord> {
    const errors: FieldErrors = {};
    const translations = checkTranslations(input.translations, this.parts.languages(), errors);
    const parentId = input.parent_id === undefined || input.parent_id === null ? null : toId(input.parent_id);
    if (parentId !== null) await this.checkParent(db, undefined, parentId, errors);
    throwIfInvalid(errors);
    const slug = await this.slugFor(db, input.slug, input.name!);
    const now = this.parts.clock.now();
    const row = { name: input.name!, slug, description: input.description ?? '', parent_id: parentId, translations: JSON.stringify(translations), created_at: now, updated_at: now };
    const [id] = await db('categories').insert(row);
    await createCategoryCounts(db, Number(id));
    const category = categoryFromRow({ ...row, id: Number(id) });
    await this.parts.events.emit(db, 'category.created', this.parts.views.category(category, this.parts.views.baseContext()));
    return category;
  }

  /** Changes the given fields; `translations` replaces the whole set. */
  async update(db: Db, id: number, input: CategoryInput): Promise<CategoryRecord> {
    const before = await this.get(db, id);
    const errors: FieldErrors = {};
    const changes: Record<string, unknown> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.translations !== undefined) changes.translations = JSON.stringify(checkTranslations(input.translations, this.parts.languages(), errors));
    if (input.parent_id !== undefined) {
      const parentId = input.parent_id === null ? null : toId(input.parent_id);
      if (parentId !== null) await this.checkParent(db, id, parentId, errors);
      changes.parent_id = parentId;
    }
    throwIfInvalid(errors);
    if (input.slug !== undefined && input.slug !== before.slug) {
      if (await slugTaken(db, 'categories', input.slug, id)) throw CatalogErrors.duplicateSlug(input.slug);
      changes.slug = input.slug;
    }
    changes.updated_at = this.parts.clock.now();
    await db('categories').where('id', id).update(changes);
    const category = await this.get(db, id);
    await this.parts.events.emit(db, 'category.updated', this.parts.views.category(category, this.parts.views.baseContext()));
    return category;
  }

  /** Deletes an empty category; one with subcategories or products is a 409 (move them first). */
  async remove(db: Db, id: number): Promise<void> {
    const category = await this.get(db, id);
    const count = async (table: string, column: string) => Number(((await db(table).where(column, id).count({ n: '*' }).first()) as { n: number }).n);
    const nChildren = await count('categories', 'parent_id');
    const nProducts = await count('products', 'category_id');
    if (nChildren > 0 || nProducts > 0) {
      throw CatalogErrors.categoryNotEmpty(
        `The category "${category.name}" still has ${nChildren} subcategories and ${nProducts} products; move or delete them first.`,
      );
    }
    await removeCategoryCounts(db, id);
    await db('categories').where('id', id).delete();
    await this.parts.events.emit(db, 'category.deleted', this.parts.views.category(category, this.parts.views.baseContext()));
  }

  /** Records in `errors` why `field` cannot name this category (unknown id), if it cannot; returns whether it exists. */
  async checkExists(db: Db, id: number, errors: FieldErrors, field: string): Promise<boolean> {
    const row = await db('categories').where('id', id).first('id');
    if (!row) addError(errors, field, `No category with id ${id}.`);
    return row !== undefined;
  }

  // The parent must exist and must not be the category itself or one of its descendants.
  private async checkParent(db: Db, id: number | undefined, parentId: number, errors: FieldErrors): Promise<void> {
    if (id === undefined) {
      await this.checkExists(db, parentId, errors, 'parent_id');
      return;
    }
    const ancestors: number[] = await db
      .withRecursive('ancestors', ['id', 'parent_id'], (up) =>
        up
          .select('id', 'parent_id')
          .from('categories')
          .where('id', parentId)
          .unionAll((next) => next.select('c.id', 'c.parent_id').from({ c: 'categories' }).join({ a: 'ancestors' }, 'c.id', 'a.parent_id')),
      )
      .from('ancestors')
      .pluck('id');
    if (ancestors.length === 0) addError(errors, 'parent_id', `No category with id ${parentId}.`);
    else if (ancestors.map(Number).includes(id)) addError(errors, 'parent_id', 'A category cannot be placed under itself or one of its descendants.');
  }

  private async slugFor(db: Db, explicit: string | undefined, name: string): Promise<string> {
    if (explicit === undefined) return freeSlug(db, 'categories', slugify(name, 'category'));
    if (await slugTaken(db, 'categories', explicit)) throw CatalogErrors.duplicateSlug(explicit);
    return explicit;
  }
}
