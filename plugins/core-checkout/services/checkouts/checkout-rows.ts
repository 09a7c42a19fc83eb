import { forUpdate, parseJson, toBool, toDate } from '../../../../kernel/db/dialect.ts';
import { prefixedColumns } from '../../../../kernel/db/prefixed-columns.ts';
import { updateRows, type RowUpdate } from '../../../../kernel/db/row-updates.ts';
import type { Address, Db, ShippingRate } from '../../contracts.ts';
import { CART_COLUMNS, cartFromPrefixed, isUuid, newId, type CartRecord } from '../carts/cart-rows.ts';

export type CheckoutStatus = 'open' | 'paid' | 'expired';

export interface CheckoutRecord {
  id: string;
  cart_id: string;
  customer_id: number | null;
  status: CheckoutStatus;
  email: string;
  shipping_address: Address;
  billing_same_as_shipping: boolean;
  billing_address: Address | null;
  /** The selected rate as the provider offered it when selected. */
  shipping_rate: ShippingRate | null;
  order_id: number | null;
  lang: string;
  created_at: Date;
  updated_at: Date;
}

const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A checkout row's columns (`checkoutFromRow` reads them), for a statement that selects them beside another table's. */
export const CHECKOUT_COLUMNS = ['id', 'cart_id', 'customer_id', 'status', 'email', 'shipping_address', 'billing_same_as_shipping', 'billing_address', 'shipping_rate', 'order_id', 'lang', 'created_at', 'updated_at'] as const;

export function checkoutFromRow(row: any): CheckoutRecord {
  return {
    id: row.id,
    cart_id: row.cart_id,
    customer_id: numberOrNull(row.customer_id),
    status: row.status,
    email: row.email,
    shipping_address: parseJson<Address>(row.shipping_address, {} as Address),
    billing_same_as_shipping: toBool(row.billing_same_as_shipping),
    billing_address: parseJson<Address | null>(row.billing_address, null),
    shipping_rate: parseJson<ShippingRate | null>(row.shipping_rate, null),
    order_id: numberOrNull(row.order_id),
    lang: row.lang,
    created_at: toDate(row.created_at)!,
    updated_at: toDate(row.updated_at)!,
  };
}

/** The billing address in effect: the shipping address when they are the same. */
export function billingOf(c: Pick<CheckoutRecord, 'billing_same_as_shipping' | 'billing_address' | 'shipping_address'>): Address {
  return c.billing_same_as_shipping || !c.billing_address ? c.shipping_address : c.billing_address;
}

export interface CheckoutChanges {
  email?: string;
  shipping_address?: Address;
  billing_same_as_shipping?: boolean;
  billing_address?: Address | null;
  shipping_rate?: ShippingRate | null;
  status?: CheckoutStatus;
  order_id?: number | null;
}

function columns(changes: CheckoutChanges): Record<string, unknown> {
  const out: Record<string, unknown> = { ...changes };
  if (changes.shipping_address) out.shipping_address = JSON.stringify(changes.shipping_address);
  if ('billing_address' in changes) out.billing_address = changes.billing_address ? JSON.stringify(changes.billing_address) : null;
  if ('shipping_rate' in changes) out.shipping_rate = changes.shipping_rate ? JSON.stringify(changes.shipping_rate) : null;
  return out;
}

/** Table access for checkouts; every function takes the caller's transaction first. */
export const CheckoutRows = {
  async find(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<CheckoutRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const query = db('checkouts').where('id', id.toLowerCase()).first();
    const row = await (opts.lock ? forUpdate(db as any, query) : query);
    return row ? checkoutFromRow(row) : undefined;
  },

  /**
   * A checkout and its cart in one statement (`lock`: both rows locked, checkout first, the order every
   * change takes them in); `cart` undefined when the cart is gone.
   */
  async findWithCart(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<{ checkout: CheckoutRecord; cart: CartRecord | undefined } | undefined> {
    if (!isUuid(id)) return undefined;
    const query = db('checkouts')
      .leftJoin('carts', 'carts.id', 'checkouts.cart_id')
      .where('checkouts.id', id.toLowerCase())
      .first('checkouts.*', ...prefixedColumns('carts', 'cart__', CART_COLUMNS));
    const row = await (opts.lock ? forUpdate(db as any, query) : query);
    if (!row) return undefined;
    const cart = row.cart__id === null || row.cart__id === undefined ? undefined : cartFromPrefixed(row, 'cart__');
    return { checkout: checkoutFromRow(row), cart };
  },

  async insert(db: Db, values: Omit<CheckoutRecord, 'id' | 'status' | 'order_id' | 'created_at' | 'updated_at'>, now: Date): Promise<CheckoutRecord> {
    const record: CheckoutRecord = { ...values, id: newId(), status: 'open', order_id: null, created_at: now, updated_at: now };
    await db('checkouts').insert({ ...record, ...columns(record) });
    return record;
  },

  async update(db: Db, id: string, changes: CheckoutChanges, now: Date): Promise<void> {
    await updateRows(db, [CheckoutRows.changing(id, changes, now)]);
  },

  /** `update` as a row update, to write with another table's row in one statement (`updateRows`). */
  changing(id: string, changes: CheckoutChanges, now: Date): RowUpdate {
    return { table: 'checkouts', id, values: { ...columns(changes), updated_at: now } };
  },

  /** `checkout` as `update(…, changes, now)` leaves it stored, as `find` would read it back. */
  asStored(checkout: CheckoutRecord, changes: CheckoutChanges, now: Date): CheckoutRecord {
    return checkoutFromRow({ ...checkout, ...columns({ ...checkout, ...changes }), updated_at: now });
  },
};
