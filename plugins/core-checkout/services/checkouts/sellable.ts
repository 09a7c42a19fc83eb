import type { FieldErrors } from '../../../../kernel/http/errors.ts';
import type { Db } from '../../contracts.ts';
import { CheckoutErrors } from '../../errors.ts';
import type { CheckoutDeps } from '../deps.ts';
import type { PricedItems } from '../totals/lines.ts';
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
 */
export async function checkStock(deps: CheckoutDeps, db: Db, evaluation: Evaluation): Promise<void> {
  const { priced } = evaluation;
  const tracked = priced.lines.filter(({ line }) => {
    const v = priced.variants.get(line.variant_id);
    return v && v.track_inventory && !v.allow_backorder;
  });
  if (tracked.length === 0) return;
  const available = await deps.inventory.available(db, tracked.map((l) => l.line.variant_id));
  const errors: FieldErrors = {};
  const short: string[] = [];
  priced.lines.forEach(({ line }, i) => {
    if (!tracked.some((t) => t.line.id === line.id)) return;
    const units = Math.max(0, available.get(line.variant_id) ?? 0);
    if (units >= line.quantity) return;
    errors[`items.${i}.quantity`] = [`Only ${units} of ${line.sku} available; requested ${line.quantity}.`];
    short.push(`${line.sku} (variant ${line.variant_id}): requested ${line.quantity}, ${units} available`);
  });
  if (short.length) throw CheckoutErrors.insufficientStock(`Not enough stock: ${short.join('; ')}.`, errors);
}
