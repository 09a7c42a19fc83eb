import type { FieldErrors } from '../../../../kernel/http/errors.ts';
import { toId } from '../../../../kernel/http/schemas.ts';
import { addError } from '../../errors.ts';
import type { OrderItemRecord } from './order-rows.ts';

/** `{order_item_id, quantity}` as a shipment or a refund names an order's item. */
export interface ItemRequest {
  order_item_id: number | string;
  quantity: number;
}

/** A checked request line: the item it names and how many units. */
export interface ItemLine {
  /** Its index in the request (errors name `items.<index>.…`). */
  index: number;
  item: OrderItemRecord;
  quantity: number;
}

/**
 * Checks the lines of a shipment or refund against the order's items, adding every problem to
 * `errors`: an item of another order (or none), an item named twice, more units than `capacity`
 * allows (`what` says for what, in the message). Returns the good lines in request order.
 */
export function checkItemLines(requested: ItemRequest[], items: OrderItemRecord[], orderNumber: string, errors: FieldErrors, capacity: (item: OrderItemRecord) => number, what: string): ItemLine[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const seen = new Set<number>();
  const lines: ItemLine[] = [];
  requested.forEach((r, index) => {
    const id = toId(r.order_item_id);
    const item = byId.get(id);
    if (!item) return addError(errors, `items.${index}.order_item_id`, `Order ${orderNumber} has no item ${id}.`);
    if (seen.has(id)) return addError(errors, `items.${index}.order_item_id`, `Item ${id} is named more than once; name each item once.`);
    seen.add(id);
    const max = capacity(item);
    if (r.quantity > max) return addError(errors, `items.${index}.quantity`, `Only ${max} of item ${id} (${item.sku}) ${what}; requested ${r.quantity}.`);
    lines.push({ index, item, quantity: r.quantity });
  });
  return lines;
}
