import crypto from 'node:crypto';
import { forUpdate, toDate } from '../../../../kernel/db/dialect.ts';
import { unprefixed } from '../../../../kernel/db/prefixed-columns.ts';
import { updateRows, type RowUpdate } from '../../../../kernel/db/row-updates.ts';
import { isStaffLike, type Principal } from '../../../../kernel/http/principal.ts';
import type { Db } from '../../contracts.ts';
import type { CartItemRow } from '../totals/lines.ts';

/** Carts untouched this long are gone: 404 at once, deleted by the purge job. */
export const CART_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** The most units of one variant a cart holds. */
export const MAX_LINE_QUANTITY = 999;

export type CartStatus = 'open' | 'ordered';

export interface CartRecord {
  id: string;
  customer_id: number | null;
  currency: string;
  email: string | null;
  status: CartStatus;
  order_id: number | null;
  created_at: Date;
  updated_at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string has the shape of a cart or checkout id (anything else is simply unknown). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export function newId(): string {
  return crypto.randomUUID();
}

/** A cart row's columns (`cartFromRow` reads them), for a statement that selects them beside another table's. */
export const CART_COLUMNS = ['id', 'customer_id', 'currency', 'email', 'status', 'order_id', 'created_at', 'updated_at'] as const;

export function cartFromRow(row: any): CartRecord {
  return {
    id: row.id,
    customer_id: row.customer_id === null || row.customer_id === undefined ? null : Number(row.customer_id),
    currency: row.currency,
    email: row.email ?? null,
    status: row.status,
    order_id: row.order_id === null || row.order_id === undefined ? null : Number(row.order_id),
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

/** A cart selected beside another table's row with its columns named `<prefix><column>`. */
export function cartFromPrefixed(row: any, prefix: string): CartRecord {
  return cartFromRow(unprefixed(row, prefix, CART_COLUMNS));
}

/** An open cart untouched for CART_LIFETIME_MS is expired (ordered carts are history and stay). */
export function isExpired(cart: CartRecord, now: Date): boolean {
  return cart.status === 'open' && cart.updated_at.getTime() < now.getTime() - CART_LIFETIME_MS;
}

/** Guests reach unbound carts by id; a cart bound to a customer is that customer's (and staff's). */
export function canSee(cart: { customer_id: number | null }, principal: Principal): boolean {
  if (cart.customer_id === null || isStaffLike(principal)) return true;
  return principal.kind === 'customer' && principal.id === cart.customer_id;
}

/** Table access for carts and their items; every function takes the caller's transaction first. */
export const CartRows = {
  async find(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<CartRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const query = db('carts').where('id', id.toLowerCase()).first();
    const row = await (opts.lock ? forUpdate(db as any, query) : query);
    return row ? cartFromRow(row) : undefined;
  },

  async insert(db: Db, values: { customer_id: number | null; currency: string; email?: string | null }, now: Date): Promise<CartRecord> {
    const row = { id: newId(), customer_id: values.customer_id, currency: values.currency, email: values.email ?? null, status: 'open', order_id: null, created_at: now, updated_at: now };
    await db('carts').insert(row);
    return cartFromRow(row);
  },

  /** The customer's current cart: their most recently touched open one that has not expired. */
  async latestOfCustomer(db: Db, customerId: number, now: Date, opts: { lock?: boolean; except?: string } = {}): Promise<CartRecord | undefined> {
    const query = db('carts')
      .where({ customer_id: customerId, status: 'open' })
      .andWhere('updated_at', '>=', new Date(now.getTime() - CART_LIFETIME_MS))
      .orderBy('updated_at', 'desc')
      .orderBy('created_at', 'desc')
      .first();
    if (opts.except) query.whereNot('id', opts.except);
    const row = await (opts.lock ? forUpdate(db as any, query) : query);
    return row ? cartFromRow(row) : undefined;
  },

  async touch(db: Db, id: string, now: Date, values: Record<string, unknown> = {}): Promise<void> {
    await updateRows(db, [CartRows.touching(id, now, values)]);
  },

  /** `touch` as a row update, to write with another table's row in one statement (`updateRows`). */
  touching(id: string, now: Date, values: Record<string, unknown> = {}): RowUpdate {
    return { table: 'carts', id, values: { ...values, updated_at: now } };
  },

  async items(db: Db, cartId: string): Promise<CartItemRow[]> {
    const rows = await db('cart_items').where('cart_id', cartId).orderBy('id').select('id', 'variant_id', 'quantity');
    return rows.map((r: any) => ({ id: Number(r.id), variant_id: Number(r.variant_id), quantity: Number(r.quantity) }));
  },

  async item(db: Db, cartId: string, itemId: number): Promise<CartItemRow | undefined> {
    const row = await db('cart_items').where({ cart_id: cartId, id: itemId }).first('id', 'variant_id', 'quantity');
    return row ? { id: Number(row.id), variant_id: Number(row.variant_id), quantity: Number(row.quantity) } : undefined;
  },

  async itemOfVariant(db: Db, cartId: string, variantId: number): Promise<CartItemRow | undefined> {
    const row = await db('cart_items').where({ cart_id: cartId, variant_id: variantId }).first('id', 'variant_id', 'quantity');
    return row ? { id: Number(row.id), variant_id: Number(row.variant_id), quantity: Number(row.quantity) } : undefined;
  },

  async addItem(db: Db, cartId: string, variantId: number, quantity: number, now: Date): Promise<number> {
    const [id] = await db('cart_items').insert({ cart_id: cartId, variant_id: variantId, quantity, created_at: now, updated_at: now });
    return Number(id);
  },

  async setQuantity(db: Db, itemId: number, quantity: number, now: Date): Promise<void> {
    await db('cart_items').where('id', itemId).update({ quantity, updated_at: now });
  },

  async removeItem(db: Db, itemId: number): Promise<void> {
    await db('cart_items').where('id', itemId).delete();
  },

  /** Deletes carts (with their items and their checkouts, which have no order while the cart is open). */
  async remove(db: Db, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await db('checkouts').whereIn('cart_id', ids).whereNull('order_id').delete();
    await db('cart_items').whereIn('cart_id', ids).delete();
    await db('carts').whereIn('id', ids).delete();
  },
};
