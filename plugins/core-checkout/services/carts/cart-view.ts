import { toIso } from '../../../../kernel/db/dialect.ts';
import { toMoney, type Money } from '../../../../kernel/money/money.ts';
import type { PricedLine, Totals } from '../../contracts.ts';
import { totalsView, type TotalsView } from '../totals/totals.ts';
import type { CartLine } from '../totals/lines.ts';
import type { CartRecord } from './cart-rows.ts';

export interface LineView {
  id: number;
  variant_id: number;
  product_id: number;
  sku: string;
  name: string;
  options: Record<string, string>;
  quantity: number;
  unit_price: Money;
  total: Money;
  discount: Money;
  tax: Money;
  /** The line can be bought as it stands: its product is for sale and `quantity` units are available. */
  purchasable: boolean;
  /** Units that can be bought now (null: no limit, the variant is not tracked or takes backorders). */
  available_quantity: number | null;
}

export interface CartView extends TotalsView {
  id: string;
  status: string;
  currency: string;
  customer_id: number | null;
  items: LineView[];
  item_count: number;
  created_at: string;
  updated_at: string;
}

/** One priced line as carts and checkouts show it (unit price, quantity × unit price, its discount and tax). */
export function lineView(line: PricedLine, currency: string, purchasable = true, available: number | null = null): LineView {
  return {
    id: line.id,
    variant_id: line.variant_id,
    product_id: line.product_id,
    sku: line.sku,
    name: line.name,
    options: line.options,
    quantity: line.quantity,
    unit_price: toMoney(line.unit_price_minor, currency),
    total: toMoney(line.total_minor, currency),
    discount: toMoney(line.discount_minor, currency),
    tax: toMoney(line.tax_minor, currency),
    purchasable: purchasable && (available === null || available >= line.quantity),
    available_quantity: available,
  };
}

/**
 * Items in the cart's order: priced lines from the totals (with their discounts and taxes), and lines
 * no longer for sale (priced, but outside the totals). `stock` (lineStock) says what each variant has
 * available: a line asking for more is not purchasable, though it stays in the totals.
 */
export function linesView(cartLines: CartLine[], totals: Totals, stock: Map<number, number | null>): LineView[] {
  const priced = new Map(totals.lines.map((l) => [l.id, l]));
  return cartLines.map(({ line, purchasable }) => lineView(priced.get(line.id) ?? line, totals.currency, purchasable && priced.has(line.id), stock.get(line.variant_id) ?? null));
}

export function cartView(cart: CartRecord, cartLines: CartLine[], totals: Totals, stock: Map<number, number | null>): CartView {
  const items = linesView(cartLines, totals, stock);
  return {
    id: cart.id,
    status: cart.status,
    currency: totals.currency,
    customer_id: cart.customer_id,
    items,
    item_count: items.reduce((n, i) => n + i.quantity, 0),
    ...totalsView(totals),
    created_at: toIso(cart.created_at)!,
    updated_at: toIso(cart.updated_at)!,
  };
}
