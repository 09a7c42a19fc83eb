import type { Knex } from 'knex';
import { countedKey, type Db } from '../../contracts.ts';

/** A plugin's count of what it attached to a cart, as a subquery for that cart. */
export type CartCount = (db: Db, cartId: string) => Knex.QueryBuilder;

/**
 * What other plugins count of their own on a cart (the vouchers applied to it), selected in the
 * statement that reads the cart's lines (`cartItemsForSale`), so that a tap on `checkout.calculateTotals`
 * that finds its count at 0 in `TotalsContext.reads` (under `countedKey`) has nothing to read. Most carts
 * hold no voucher; on MariaDB each read a tap spares is a round trip per priced step.
 */
export class CartLineCounts {
  private readonly counts = new Map<string, CartCount>();

  /** Registers a count under a name of the plugin's own (`vouchers:applied`). */
  add(name: string, count: CartCount): void {
    if (this.counts.has(name)) throw new Error(`core-checkout: a cart count named "${name}" is registered already.`);
    this.counts.set(name, count);
  }

  /** The counts as columns for `getVariantsForSale`, by the names `fromColumns` reads them back under. */
  columns(db: Db, cartId: string): Record<string, Knex.QueryBuilder> {
    const columns: Record<string, Knex.QueryBuilder> = {};
    let i = 0;
    for (const count of this.counts.values()) columns[`cart_count_${i++}`] = count(db, cartId);
    return columns;
  }

  /** Every count at 0, keyed for `TotalsContext.reads`: a cart made in this transaction, which nothing refers to yet. */
  none(cartId: string): Map<string, number> {
    const counted = new Map<string, number>();
    for (const name of this.counts.keys()) counted.set(countedKey(name, cartId), 0);
    return counted;
  }

  /** The counts as a row selected with `columns` holds them, keyed for `TotalsContext.reads`. */
  fromColumns(cartId: string, values: Record<string, unknown>): Map<string, number> {
    const counted = new Map<string, number>();
    let i = 0;
    for (const name of this.counts.keys()) counted.set(countedKey(name, cartId), Number(values[`cart_count_${i++}`]));
    return counted;
  }
}
