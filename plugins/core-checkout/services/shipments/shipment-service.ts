import type { Knex } from 'knex';
import type { FieldErrors } from '../../../../kernel/http/errors.ts';
import { addError, CheckoutErrors, throwIfInvalid } from '../../errors.ts';
import type { CheckoutDeps, StockPart } from '../deps.ts';
import { fulfillmentOf, unitsToShip } from '../orders/fulfillment.ts';
import { checkItemLines, type ItemLine, type ItemRequest } from '../orders/item-lines.ts';
import { emitOrderChange } from '../orders/order-events.ts';
import { OrderRows, type OrderItemRecord, type OrderRecord } from '../orders/order-rows.ts';
import type { OrderService } from '../orders/order-service.ts';
import { transitionOrder } from '../orders/transitions.ts';
import { ShipmentRows, type ShipmentRecord, type StockAt } from './shipment-rows.ts';
import type { ShipmentView } from './shipment-view.ts';

export interface NewShipment {
  carrier: string;
  tracking_number: string;
  items: ItemRequest[];
  notify_customer: boolean;
  warehouse_id?: number | null;
}

// Orders in these states have nothing left to ship, or must not ship.
const CLOSED = new Set(['shipped', 'delivered', 'completed', 'cancelled']);

/**
 * Shipments of an order's items. Each one locks the order row first, so two shipments at once take
 * turns and the second sees what the first shipped (no over-shipping); the units leave the stock the
 * order reserved (`inventoryService.commit`); once nothing is left to ship the order moves to
 * `shipped` (`order.shipped`). Every shipment emits `shipment.created` and `order.updated`.
 */
export class ShipmentService {
  constructor(
    private readonly deps: CheckoutDeps,
    private readonly orders: OrderService,
  ) {}

  async create(trx: Knex.Transaction, orderId: number, input: NewShipment, actor: string): Promise<ShipmentView> {
    const now = this.deps.clock.now();
    const order = await this.orders.get(trx, orderId, { lock: true });
    if (CLOSED.has(order.status)) throw CheckoutErrors.cannotShip(order.status);
    if (order.status === 'pending' && !this.deps.settings.get().allow_unpaid_shipments) throw CheckoutErrors.unpaidShipment(order.order_number);
    const items = (await OrderRows.items(trx, [order.id], { lock: true })).get(order.id) ?? [];
    const errors: FieldErrors = {};
    const lines = checkItemLines(input.items, items, order.order_number, errors, unitsToShip, 'are left to ship');
    if (input.warehouse_id != null && !Number.isSafeInteger(input.warehouse_id)) addError(errors, 'warehouse_id', `No warehouse with id ${input.warehouse_id}.`);
    throwIfInvalid(errors);

    const parts = await this.commitStock(trx, order, lines, input.warehouse_id ?? null, actor);
    const shipped = lines.map((l) => ({ order_item_id: l.item.id, quantity: l.quantity, stock: parts.get(l.index) ?? [] }));
    const warehouses = new Set(shipped.flatMap((s) => s.stock.map((p) => p.warehouse_id)).filter((w) => w !== null));
    const warehouseId = input.warehouse_id ?? (warehouses.size === 1 ? [...warehouses][0]! : null);
    const shipment = await ShipmentRows.insert(trx, { order_id: order.id, carrier: input.carrier, tracking_number: input.tracking_number, warehouse_id: warehouseId, notify_customer: input.notify_customer }, shipped, now);
    for (const l of lines) await OrderRows.countItem(trx, l.item, { quantity_shipped: l.quantity }, now);

    const after = (await OrderRows.items(trx, [order.id])).get(order.id) ?? [];
    const types = await this.settleFulfillment(trx, order, after, now);
    const view = await this.view(trx, order, shipment);
    await this.deps.events.emit(trx, 'shipment.created', view);
    await emitOrderChange(this.deps, this.orders, trx, order.id, types);
    return view;
  }

  /** Changes a shipment's carrier or tracking number; `shipment.updated` and `order.updated`. */
  async update(trx: Knex.Transaction, orderId: number, shipmentId: number, patch: { carrier?: string; tracking_number?: string }): Promise<ShipmentView> {
    const now = this.deps.clock.now();
    const order = await this.orders.get(trx, orderId, { lock: true });
    const shipment = await ShipmentRows.find(trx, order.id, shipmentId, { lock: true });
    if (!shipment) throw CheckoutErrors.shipmentNotFound();
    // The order's row first: its update raises the revision the shipment's would otherwise raise on its own.
    await OrderRows.update(trx, order.id, {}, now);
    await ShipmentRows.update(trx, shipment, patch, now);
    const view = await this.view(trx, order, (await ShipmentRows.find(trx, order.id, shipment.id))!);
    await this.deps.events.emit(trx, 'shipment.updated', view);
    await emitOrderChange(this.deps, this.orders, trx, order.id);
    return view;
  }

  async get(db: Knex | Knex.Transaction, order: OrderRecord, shipmentId: number): Promise<ShipmentView> {
    const shipment = await ShipmentRows.find(db, order.id, shipmentId);
    if (!shipment) throw CheckoutErrors.shipmentNotFound();
    return this.view(db, order, shipment);
  }

  async views(db: Knex | Knex.Transaction, order: OrderRecord, shipments: ShipmentRecord[]): Promise<ShipmentView[]> {
    return (await this.orders.shipmentViews(db, [order], undefined, shipments)).get(order.id) ?? [];
  }

  private async view(db: Knex | Knex.Transaction, order: OrderRecord, shipment: ShipmentRecord): Promise<ShipmentView> {
    return (await this.views(db, order, [shipment]))[0]!;
  }

  /**
   * Stores the order's fulfilment status after a change of its items' counts and moves it to shipped
   * once nothing is left to ship (and something shipped). Returns the events the move adds.
   */
  async settleFulfillment(trx: Knex.Transaction, order: OrderRecord, items: OrderItemRecord[], now: Date): Promise<string[]> {
    const status = fulfillmentOf(items);
    await OrderRows.update(trx, order.id, { fulfillment_status: status }, now);
    if (status !== 'fulfilled' || (order.status !== 'processing' && order.status !== 'pending')) return [];
    if (!(await transitionOrder(trx, order.id, order.status, 'shipped', now, { shipped_at: now }))) return [];
    return ['order.shipped'];
  }

  // The units leave the stock the order holds (`inventoryService.commit`, in request order so a
  // shortage names the request's line); returns where each line's units left from, by line index.
  private async commitStock(trx: Knex.Transaction, order: OrderRecord, lines: ItemLine[], warehouseId: number | null, actor: string): Promise<Map<number, StockAt[]>> {
    let parts: StockPart[];
    try {
      parts = await this.deps.inventory.commit(trx, { type: 'order', id: order.id }, lines.map((l) => ({ variant_id: l.item.variant_id, quantity: l.quantity })), warehouseId, { actor });
    } catch (err) {
      throw renameShortages(err, lines);
    }
    // commit answers per variant and warehouse; lines of one variant take from it in turn.
    const pool = parts.map((p) => ({ ...p }));
    const byLine = new Map<number, StockAt[]>();
    for (const line of lines) {
      let left = line.quantity;
      const stock: StockAt[] = [];
      for (const p of pool) {
        if (left === 0) break;
        if (p.variant_id !== line.item.variant_id || p.quantity === 0) continue;
        const k = Math.min(left, p.quantity);
        stock.push({ warehouse_id: p.warehouse_id, quantity: k });
        p.quantity -= k;
        left -= k;
      }
      byLine.set(line.index, stock);
    }
    return byLine;
  }
}

// core-inventory names short lines by their index in the lines given (the request's lines here, minus
// refused ones, so by position in `lines`); the answer names the request's items.
function renameShortages(err: unknown, lines: ItemLine[]): unknown {
  const shortages = (err as { shortages?: Array<{ index: number; sku?: string; variant_id: number; requested: number; available: number }> }).shortages;
  if ((err as { code?: string }).code !== 'insufficient_stock' || !Array.isArray(shortages)) return err;
  const errors: FieldErrors = {};
  for (const s of shortages) errors[`items.${lines[s.index]?.index ?? s.index}.quantity`] = [`Only ${s.available} of ${s.sku ?? `variant ${s.variant_id}`} can ship; requested ${s.requested}.`];
  const detail = `Not enough stock to ship: ${shortages.map((s) => `${s.sku ?? 'variant'} (variant ${s.variant_id}): requested ${s.requested}, ${s.available} available`).join('; ')}.`;
  return CheckoutErrors.insufficientStock(detail, errors);
}
