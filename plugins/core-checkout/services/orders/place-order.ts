import type { Knex } from 'knex';
import type { OutboxEvent } from '../../../../kernel/events.ts';
import type { FieldErrors } from '../../../../kernel/http/errors.ts';
import { updateRows } from '../../../../kernel/db/row-updates.ts';
import type { PlaceOrderEvent, PricedLine } from '../../contracts.ts';
import { CheckoutErrors } from '../../errors.ts';
import type { CartRecord } from '../carts/cart-rows.ts';
import { CartRows } from '../carts/cart-rows.ts';
import { billingOf, CheckoutRows, type CheckoutRecord } from '../checkouts/checkout-rows.ts';
import type { Evaluation } from '../checkouts/evaluate.ts';
import type { CheckoutDeps, VariantForSale } from '../deps.ts';
import { OrderRows, type OrderRecord } from './order-rows.ts';
import type { OrderService } from './order-service.ts';
import { orderSummary } from './order-view.ts';

export interface PlaceOrderInput {
  checkout: CheckoutRecord;
  cart: CartRecord;
  evaluation: Evaluation;
  customerId: number | null;
  test: boolean;
  lang: string;
  /** The client address the order is counted under while unpaid (unpaid-limit.ts), if known. */
  placedFrom?: string | null;
}

interface Shortage {
  index: number;
  variant_id: number;
  sku: string | null;
  requested: number;
  available: number;
}

// core-inventory's InsufficientStockError names lines by their index in the list given, which is the
// order's lines here; the checkout's answer names its items the same way.
// Returns the reservation's events, for the pay to write with its own.
async function reserveStock(deps: CheckoutDeps, trx: Knex.Transaction, order: OrderRecord, lines: PricedLine[], variants: ReadonlyMap<number, VariantForSale>): Promise<OutboxEvent[]> {
  const events: OutboxEvent[] = [];
  try {
    // A refusal fails the pay, and its transaction with it: nothing of the reservation is left to undo.
    // The variants are those the order was priced from, read in this transaction.
    await deps.inventory.reserve(trx, { type: 'order', id: order.id }, lines.map((l) => ({ variant_id: l.variant_id, quantity: l.quantity })), { callerRollsBack: true, variants, events });
    return events;
  } catch (err) {
    const shortages = (err as { shortages?: Shortage[] }).shortages;
    if ((err as { code?: string }).code !== 'insufficient_stock' || !Array.isArray(shortages)) throw err;
    const errors: FieldErrors = {};
    for (const s of shortages) errors[`items.${s.index}.quantity`] = [`Only ${s.available} of ${s.sku ?? `variant ${s.variant_id}`} available; requested ${s.requested}.`];
    const detail = shortages.map((s) => `${s.sku ?? 'variant'} (variant ${s.variant_id}): requested ${s.requested}, ${s.available} available`).join('; ');
    throw CheckoutErrors.insufficientStock(`Not enough stock: ${detail}.`, errors);
  }
}

/**
 * An order just placed: the order, the cart it closed, and the events not yet written: the stock
 * reservation's (`inventory.updated`, …) and the order's `order.created`, in that order.
 */
export interface PlacedOrder {
  order: OrderRecord;
  cart: CartRecord;
  stockEvents: OutboxEvent[];
  created: OutboxEvent;
}

/**
 * Places the order of a priced checkout, inside the pay transaction: the next order number, the order
 * and its items (snapshots), `checkout.validateOrder` (a veto rolls everything back), the stock
 * reservation, `checkout.placeOrder` (voucher usage), the cart closed. The caller emits the
 * reservation's events and `created` (`order.created`) in the same transaction, with the cart's event in
 * one insert.
 */
export async function placeOrder(deps: CheckoutDeps, orders: OrderService, trx: Knex.Transaction, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { checkout, cart, evaluation } = input;
  const totals = evaluation.totals;
  const now = deps.clock.now();
  const number = await OrderRows.nextNumber(trx);
  const order = await OrderRows.insert(trx, {
    number,
    order_number: String(number),
    status: 'pending',
    payment_status: 'unpaid',
    fulfillment_status: 'unfulfilled',
    customer_id: input.customerId,
    checkout_id: checkout.id,
    cart_id: cart.id,
    email: checkout.email,
    currency: totals.currency,
    exchange_rate: deps.exchange.rateFor(totals.currency),
    prices_include_tax: totals.prices_include_tax,
    subtotal: totals.subtotal_minor,
    discount_total: totals.discount_minor,
    shipping_total: totals.shipping_minor,
    shipping_tax: totals.shipping_tax_minor,
    tax_total: totals.tax_minor,
    total: totals.total_minor,
    discounts: totals.discounts,
    shipping_address: checkout.shipping_address,
    billing_address: billingOf(checkout),
    shipping_method: evaluation.selected,
    test: input.test,
    lang: input.lang,
    created_at: now,
  }, input.placedFrom ?? null);
  const items = await OrderRows.insertItems(trx, order.id, totals.lines, now);
  // From here on the lines are the order's: PricedLine.id is the order item's id.
  totals.lines.forEach((line, i) => (line.id = items[i]!.id));
  const event: PlaceOrderEvent = { trx, order: { ...orderSummary(order), customer_id: order.customer_id, checkout_id: checkout.id, cart_id: cart.id }, totals };
  await deps.hooks.validateOrder.promise(event);
  const stockEvents = await reserveStock(deps, trx, order, totals.lines, evaluation.priced.variants);
  await deps.hooks.placeOrder.promise(event);
  // Both rows are locked since the pay began: one statement where the database allows it.
  await updateRows(trx, [CartRows.touching(cart.id, now, { status: 'ordered', order_id: order.id }), CheckoutRows.changing(checkout.id, { order_id: order.id }, now)]);
  return {
    order,
    cart: { ...cart, status: 'ordered', order_id: order.id, updated_at: now },
    stockEvents,
    created: { type: 'order.created', data: orders.placedEventData(order, items) },
  };
}
