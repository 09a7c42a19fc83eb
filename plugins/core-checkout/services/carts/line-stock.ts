import type { Db } from '../../contracts.ts';
import type { CheckoutDeps, VariantForSale } from '../deps.ts';
import type { CartItemRow, PricedItems } from '../totals/lines.ts';
import { forUpdate } from '../../../../kernel/db/dialect.ts';
import { prefixedColumns } from '../../../../kernel/db/prefixed-columns.ts';
import { CART_COLUMNS, CartRows, cartFromPrefixed, isUuid, type CartRecord } from './cart-rows.ts';

// The name core-inventory's units available take among the variants' columns.
const AVAILABLE = 'available';
// The names a cart's line and its count of lines take among them (`cartItemsForSale`).
const LINE_ID = 'cart_line_id';
const LINE_QUANTITY = 'cart_line_quantity';
const LINE_COUNT = 'cart_line_count';

/**
 * The variants with these ids as checkout prices them, with the units each has available over active
 * warehouses selected in the same statement (core-inventory's `availableColumn`): a priced cart's stock
 * then costs no read of its own (`lineStock`).
 */
export function variantsWithStock(deps: CheckoutDeps, db: Db, ids: number[]): Promise<Map<number, VariantForSale>> {
  return deps.variants.getVariantsForSale(db, ids, { [AVAILABLE]: deps.inventory.availableColumn(db) });
}

/**
 * A cart's items and their variants as `variantsWithStock` reads them, in one statement: the variants
 * of the cart's items, each with its line (id, quantity), the cart's number of lines and other plugins'
 * counts on the cart (`CartLineCounts`) selected with it. Every evaluation of a cart and its checkout
 * starts here; on MariaDB each statement is a round trip. When a line's variant is gone from the
 * catalogue (or the cart is empty) the variants do not account for every line, and the items are read
 * on their own, so such lines still show as missing. `counted`: the plugins' counts, keyed for
 * `TotalsContext.reads`, when a variant carried them.
 */
export async function cartItemsForSale(deps: CheckoutDeps, db: Db, cartId: string): Promise<{ items: CartItemRow[]; variants: Map<number, VariantForSale>; counted?: Map<string, number> }> {
  const line = () => db('cart_items').where('cart_items.cart_id', cartId).whereRaw('?? = ??', ['cart_items.variant_id', 'variants.id']);
  const variants = await deps.variants.getVariantsForSale(db, db('cart_items').where('cart_id', cartId).select('variant_id'), {
    [AVAILABLE]: deps.inventory.availableColumn(db),
    [LINE_ID]: line().select('cart_items.id'),
    [LINE_QUANTITY]: line().select('cart_items.quantity'),
    [LINE_COUNT]: db('cart_items').where('cart_items.cart_id', cartId).count('*'),
    ...deps.lineCounts.columns(db, cartId),
  });
  const items: CartItemRow[] = [];
  let first: Record<string, unknown> | undefined;
  for (const v of variants.values()) {
    items.push({ id: Number(v.columns![LINE_ID]), variant_id: v.id, quantity: Number(v.columns![LINE_QUANTITY]) });
    first ??= v.columns!;
  }
  const counted = first && deps.lineCounts.fromColumns(cartId, first);
  if (!first || items.length !== Number(first[LINE_COUNT])) return { items: await CartRows.items(db, cartId), variants, counted };
  // In the cart's order, as CartRows.items reads them.
  return { items: items.sort((a, b) => a.id - b.id), variants, counted };
}

/**
 * A cart's items as `CartRows.items` reads them, with other plugins' counts on the cart (`CartLineCounts`)
 * in the same statement, keyed for `TotalsContext.reads`: for a change that reads the items itself and
 * prices the cart from them afterwards (adding an item). The statement starts from the cart's own row, so
 * an empty cart (every checkout's first item) answers its counts too, as one row without a line.
 */
export async function cartItemsCounted(deps: CheckoutDeps, db: Db, cartId: string): Promise<{ items: CartItemRow[]; counted: Map<string, number> }> {
  const rows = await cartLinesQuery(deps, db, cartId);
  return { items: linesOf(rows), counted: rows.length ? deps.lineCounts.fromColumns(cartId, rows[0]) : new Map() };
}

/**
 * `cartItemsCounted` with the cart's own row, read under lock (MySQL/MariaDB: the cart's row and its
 * lines', cart first, as every change of a cart locks it): a change of a cart known by its id (adding an
 * item) reads the cart it locks and the lines it changes in one statement, where it sent two. Undefined
 * when there is no such cart.
 */
export async function lockedCartWithItems(deps: CheckoutDeps, db: Db, cartId: string): Promise<{ cart: CartRecord; items: CartItemRow[]; counted: Map<string, number> } | undefined> {
  if (!isUuid(cartId)) return undefined;
  const id = cartId.toLowerCase();
  const rows = await forUpdate(db as any, cartLinesQuery(deps, db, id, prefixedColumns('carts', CART_PREFIX, CART_COLUMNS)));
  const first = rows[0];
  if (!first) return undefined;
  const cart = cartFromPrefixed(first, CART_PREFIX);
  return { cart, items: linesOf(rows), counted: deps.lineCounts.fromColumns(id, first) };
}

// The names the cart's own columns take beside its lines' (`lockedCartWithItems`).
const CART_PREFIX = 'cart__';

// The cart's row joined to its lines (none: one row of nulls), in the lines' order, with the plugins' counts.
function cartLinesQuery(deps: CheckoutDeps, db: Db, cartId: string, extra: string[] = []): any {
  const counts = Object.entries(deps.lineCounts.columns(db, cartId)).map(([name, count]) => count.as(name));
  return db('carts')
    .leftJoin('cart_items', 'cart_items.cart_id', 'carts.id')
    .where('carts.id', cartId)
    .orderBy('cart_items.id')
    .select('cart_items.id', 'cart_items.variant_id', 'cart_items.quantity', ...extra, ...counts);
}

function linesOf(rows: any[]): CartItemRow[] {
  return rows.filter((r) => r.id !== null).map((r) => ({ id: Number(r.id), variant_id: Number(r.variant_id), quantity: Number(r.quantity) }));
}

/**
 * The variants as a transaction that read them (`variantsWithStock`) sees them after it reserved
 * `lines`: each line's quantity is held (or the reservation threw), so what a variant has available
 * fell by exactly that. Variants read without their units are returned as they are.
 */
export function afterReserving(variants: ReadonlyMap<number, VariantForSale>, lines: Array<{ variant_id: number; quantity: number }>): Map<number, VariantForSale> {
  const held = new Map<number, number>();
  for (const l of lines) held.set(l.variant_id, (held.get(l.variant_id) ?? 0) + l.quantity);
  const after = new Map<number, VariantForSale>();
  for (const [id, v] of variants) {
    const units = unitsRead(v);
    const quantity = held.get(id);
    after.set(id, quantity && typeof units === 'number' ? { ...v, columns: { ...v.columns, [AVAILABLE]: units - quantity } } : v);
  }
  return after;
}

// The units read with a variant (`variantsWithStock`): null when it has no stock record, undefined when
// its read did not ask for them.
function unitsRead(v: VariantForSale | undefined): number | null | undefined {
  const units = v?.columns?.[AVAILABLE];
  return units === undefined || units === null ? units : Number(units);
}

/**
 * Units available per variant of the lines, over active warehouses: a number for a variant whose stock
 * limits a sale (tracked, no backorders), null for one that any quantity may be bought of (not
 * tracked, or backorders allowed). Taken from the variants when they were read with their units
 * (`variantsWithStock`), else one query for the whole cart.
 */
export async function lineStock(deps: CheckoutDeps, db: Db, priced: PricedItems): Promise<Map<number, number | null>> {
  const limited = new Set<number>();
  for (const { line } of priced.lines) {
    const v = priced.variants.get(line.variant_id);
    if (v && v.track_inventory && !v.allow_backorder) limited.add(line.variant_id);
  }
  // As `available` answers: a variant without stock records is absent.
  const read = [...limited].map((id) => [id, unitsRead(priced.variants.get(id))] as const);
  const available = read.every(([, units]) => units !== undefined)
    ? new Map(read.filter((entry): entry is readonly [number, number] => entry[1] !== null))
    : await deps.inventory.available(db, [...limited]);
  const stock = new Map<number, number | null>();
  for (const { line } of priced.lines) {
    stock.set(line.variant_id, limited.has(line.variant_id) ? Math.max(0, available.get(line.variant_id) ?? 0) : null);
  }
  return stock;
}

