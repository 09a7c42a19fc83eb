import type { Knex } from 'knex';
import { badRequest, type FieldErrors } from '../../../../kernel/http/errors.ts';
import { formatAmount } from '../../../../kernel/money/money.ts';
import { markOutsideEffect } from '../../../../kernel/db/transaction-retry.ts';
import { isGatewayError } from '../../contracts.ts';
import { CheckoutErrors, throwIfInvalid } from '../../errors.ts';
import type { CheckoutDeps } from '../deps.ts';
import { unitsToShip } from '../orders/fulfillment.ts';
import { checkItemLines, type ItemLine, type ItemRequest } from '../orders/item-lines.ts';
import { emitOrderChange } from '../orders/order-events.ts';
import { OrderRows, paymentStatusOf, type OrderRecord } from '../orders/order-rows.ts';
import type { OrderService } from '../orders/order-service.ts';
import type { GatewayRegistry } from '../payments/gateway-registry.ts';
import { PaymentRows, paymentRecord, type PaymentRow } from '../payments/payment-rows.ts';
import type { ShipmentService } from '../shipments/shipment-service.ts';
import { ShipmentRows, type StockAt } from '../shipments/shipment-rows.ts';
import { linesValue, parseRefundAmount } from './refund-amounts.ts';
import { RefundRows, type RefundRecord } from './refund-rows.ts';
import type { RefundView } from './refund-view.ts';

export interface NewRefund {
  /** A decimal string in the order's currency; absent: see RefundService.refund. */
  amount?: string;
  reason: string;
  items?: ItemRequest[];
  /** Default true: the items come back (shipped units restocked, unshipped ones released). */
  restock?: boolean;
  notify_customer?: boolean;
}

/**
 * Refunds of an order's captured money, with or without its items. Each one locks the order row and
 * then its payments, so two refunds at once take turns and the second sees what the first refunded:
 * together they never exceed what was captured.
 */
export class RefundService {
  constructor(
    private readonly deps: CheckoutDeps,
    private readonly orders: OrderService,
    private readonly gateways: GatewayRegistry,
    private readonly shipments: ShipmentService,
  ) {}

  /** `POST /api/v1/orders/{id}/refunds/`: the refund, then `order.updated` (and `order.shipped` when it completed fulfilment). */
  async create(trx: Knex.Transaction, orderId: number, input: NewRefund, actor: string): Promise<RefundView> {
    const order = await this.orders.get(trx, orderId, { lock: true });
    const { view, events } = await this.refund(trx, order, input, actor);
    await emitOrderChange(this.deps, this.orders, trx, order.id, events);
    return view;
  }

  /** Refunds everything still refundable (cancelling a paid order); null when nothing is. The order must be locked. */
  async refundRemainder(trx: Knex.Transaction, order: OrderRecord, reason: string, actor: string): Promise<RefundView | null> {
    const payments = await PaymentRows.ofOrder(trx, order.id, { lock: true });
    if (refundable(payments) === 0) return null;
    return (await this.refund(trx, order, { reason, restock: false, notify_customer: false }, actor)).view;
  }

  /**
   * One refund of a locked order. The amount: as given (more than zero, at most what is left); else,
   * with items, their paid value (refund-amounts.ts) capped at what is left; else everything left.
   * The money goes back through the gateways of the captured payments, oldest first, each up to what
   * it has left; a gateway refusal throws (502 refund_failed) and the transaction writes nothing.
   * Items come back unless `restock` is false: units not yet shipped are taken out of fulfilment and
   * their reservation released; shipped ones go back on hand where they shipped from. Emits
   * `refund.created`; answers the events the order's own change adds.
   */
  async refund(trx: Knex.Transaction, order: OrderRecord, input: NewRefund, actor: string): Promise<{ view: RefundView; events: string[] }> {
    const now = this.deps.clock.now();
    const payments = await PaymentRows.ofOrder(trx, order.id, { lock: true });
    const captured = payments.reduce((sum, p) => sum + p.captured_minor, 0);
    if (captured === 0) throw CheckoutErrors.nothingCaptured(order.order_number);
    const left = refundable(payments);
    const items = (await OrderRows.items(trx, [order.id], { lock: true })).get(order.id) ?? [];
    const errors: FieldErrors = {};
    const lines = input.items ? checkItemLines(input.items, items, order.order_number, errors, (i) => i.quantity - i.quantity_refunded, 'are left to refund') : [];
    const asked = input.amount === undefined ? undefined : parseRefundAmount(errors, input.amount, order.currency);
    throwIfInvalid(errors);
    const money = (minor: number) => `${formatAmount(minor, order.currency)} ${order.currency}`;
    if (left === 0 && (asked !== undefined || lines.length === 0)) throw CheckoutErrors.alreadyRefunded(order.order_number, money(captured));
    if (asked !== undefined && asked > left) {
      throw badRequest(`At most ${money(left)} is left to refund on order ${order.order_number}; asked ${money(asked)}.`, { amount: [`At most ${money(left)} is left to refund.`] });
    }
    const amount = asked ?? (lines.length ? Math.min(linesValue(order, lines), left) : left);
    const restock = input.restock ?? true;

    const refund = await RefundRows.insert(trx, { order_id: order.id, amount_minor: amount, currency: order.currency, reason: input.reason, restock, notify_customer: input.notify_customer ?? false }, now);
    await this.payBack(trx, order, refund, payments, now);
    for (const line of lines) await this.takeBack(trx, order, refund, line, restock, actor, now);
    const refunded = order.amount_refunded + amount;
    await OrderRows.update(trx, order.id, { amount_refunded: refunded, payment_status: paymentStatusOf(order.total, order.amount_paid, refunded) }, now);
    const events = restock && lines.length ? await this.shipments.settleFulfillment(trx, order, (await OrderRows.items(trx, [order.id])).get(order.id) ?? [], now) : [];

    const view = (await this.orders.refundViews(trx, [order], undefined, [refund])).get(order.id)![0]!;
    await this.deps.events.emit(trx, 'refund.created', view);
    return { view, events };
  }

  // The amount back through the captured payments' gateways, oldest payment first. Every gateway is
  // checked to be installed before any is asked, so a missing one refunds nothing anywhere.
  private async payBack(trx: Knex.Transaction, order: OrderRecord, refund: RefundRecord, payments: PaymentRow[], now: Date): Promise<void> {
    const sources = payments.filter((p) => p.captured_minor - p.refunded_minor > 0);
    for (const p of sources) if (!this.gateways.get(p.gateway)) throw CheckoutErrors.gatewayUnavailable(p.gateway);
    const context = { db: trx, baseUrl: this.deps.config.baseUrl, returnUrl: this.deps.pages.url(order.checkout_id) };
    let left = refund.amount_minor;
    for (const p of sources) {
      if (left === 0) break;
      const part = Math.min(left, p.captured_minor - p.refunded_minor);
      // Money moves at the gateway: a lock conflict after this must not run the refund again.
      markOutsideEffect(trx);
      const result = await this.gateways.get(p.gateway)!.refund(context, paymentRecord(p), part);
      if (isGatewayError(result)) throw CheckoutErrors.refundFailed(p.gateway, result.message);
      await PaymentRows.update(trx, p, { refunded: p.refunded_minor + part }, now);
      await RefundRows.insertPayment(trx, refund, { refund_id: refund.id, payment_id: p.id, amount_minor: part, external_id: result.external_id ?? null });
      left -= part;
    }
  }

  // One refunded item: its counts, and with restock its units back (unshipped ones released and out of
  // fulfilment, shipped ones on hand where they left from).
  private async takeBack(trx: Knex.Transaction, order: OrderRecord, refund: RefundRecord, line: ItemLine, restock: boolean, actor: string, now: Date): Promise<void> {
    const { item } = line;
    const cancelled = restock ? Math.min(line.quantity, unitsToShip(item)) : 0;
    const returned = restock ? line.quantity - cancelled : 0;
    if (cancelled > 0) {
      await this.deps.inventory.releaseLines(trx, { type: 'order', id: order.id }, [{ variant_id: item.variant_id, quantity: cancelled }], { actor, reason: 'refunded before shipping' });
    }
    const stock = returned > 0 ? await this.restockReturned(trx, refund, item.id, item.variant_id, returned, actor) : [];
    await RefundRows.insertItem(trx, refund, { refund_id: refund.id, order_item_id: item.id, quantity: line.quantity, quantity_cancelled: cancelled, stock });
    await OrderRows.countItem(trx, item, { quantity_refunded: line.quantity, quantity_cancelled: cancelled }, now);
  }

  // Returned units go back to the warehouses they shipped from, in shipping order, less what earlier
  // returns already brought back there. Untracked units (no warehouse) are counted, not stocked.
  private async restockReturned(trx: Knex.Transaction, refund: RefundRecord, itemId: number, variantId: number, count: number, actor: string): Promise<StockAt[]> {
    const out = new Map<number | null, number>();
    for (const s of (await ShipmentRows.shippedOfItems(trx, [itemId])).get(itemId) ?? []) for (const p of s.stock) out.set(p.warehouse_id, (out.get(p.warehouse_id) ?? 0) + p.quantity);
    for (const r of (await RefundRows.returnedOfItems(trx, [itemId])).get(itemId) ?? []) for (const p of r.stock) out.set(p.warehouse_id, (out.get(p.warehouse_id) ?? 0) - p.quantity);
    const stock: StockAt[] = [];
    let left = count;
    for (const [warehouse, units] of out) {
      if (left === 0) break;
      const k = Math.min(left, units);
      if (k <= 0) continue;
      if (warehouse !== null) {
        await this.deps.inventory.restock(trx, [{ variant_id: variantId, quantity: k }], warehouse, { actor, reason: 'refund', reference: { type: 'refund', id: refund.id } });
      }
      stock.push({ warehouse_id: warehouse, quantity: k });
      left -= k;
    }
    return stock;
  }
}

/** What the payments still hold to refund: captured less refunded. */
function refundable(payments: PaymentRow[]): number {
  return payments.reduce((sum, p) => sum + p.captured_minor - p.refunded_minor, 0);
}
