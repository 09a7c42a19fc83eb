import type { FieldErrors } from '../../../../kernel/http/errors.ts';
import type { Db } from '../../contracts.ts';
import { CheckoutErrors } from '../../errors.ts';
import type { CheckoutDeps } from '../deps.ts';
import type { PricedItems } from '../totals/lines.ts';
import { lineStock } from '../carts/line-stock.ts';
import type { Evaluation } from './evaluate.ts';

/**
 * Refuses a cart that cannot become an order: empty (409 empty_cart), or holding items no longer for
 * sale (a deleted variant, a product no longer active: 409 variant_unavailable naming each item).
 */
export function assertSellable(priced: PricedItems): void {
  if (priced.lines.length === 0 && priced.missing.length === 0) throw CheckoutErrors.emptyCart();
  const errors: FieldErrors = {};
  priced.lines.forEach(({ line, purchasable }, i) => {
    if (!purchasable) errors[`items.${i}.variant_id`] = [`Variant ${line.variant_id} (${line.sku}) is no longer for sale; remove it from the cart.`];
  });
  priced.missing.forEach((item) => {
    errors[`items.variant_${item.variant_id}`] = [`Variant ${item.variant_id} no longer exists; remove it from the cart.`];
  });
  if (Object.keys(errors).length) throw CheckoutErrors.variantUnavailable(errors);
}

/**
 * Checks stock without reserving anything: each tracked variant that takes no backorders needs its
 * quantity available over active warehouses; every short one is named (409 insufficient_stock).
 * Returns what each line's variant has available (lineStock), which the checkout's view shows.
 */
export async function checkStock(deps: CheckoutDeps, db: Db, evaluation: Evaluation): Promise<Map<number, number | null>> {
  const { priced } = evaluation;
  const stock = await lineStock(deps, db, priced);
  const errors: FieldErrors = {};
  const short: string[] = [];
  priced.lines.forEach(({ line }, i) => {
    const units = stock.get(line.variant_id);
    if (units === null || units === undefined || units >= line.quantity) return;
    errors[`items.${i}.quantity`] = [`Only ${units} of ${line.sku} available; requested ${line.quantity}.`];
    short.push(`${line.sku} (variant ${line.variant_id}): requested ${line.quantity}, ${units} available`);
  });
  if (short.length) throw CheckoutErrors.insufficientStock(`Not enough stock: ${short.join('; ')}.`, errors);
  return stock;
}
