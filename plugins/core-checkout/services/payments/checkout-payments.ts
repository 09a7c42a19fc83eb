import { placedCheckoutEvent } from '../checkouts/checkout-events.ts';
import type { Knex } from 'knex';
import { isGatewayError, type CheckoutPaymentsService, type Db, type GatewayError, type PaymentLookup, type PaymentMethod, type PaymentStart, type SettledPayment } from '../../contracts.ts';
import type { Logger } from '../../../../kernel/logger.ts';
import { CheckoutErrors } from '../../errors.ts';
import type { CheckoutDeps } from '../deps.ts';
import { CheckoutRows } from '../checkouts/checkout-rows.ts';
import { OrderRows, paymentStatusOf, type OrderRecord } from '../orders/order-rows.ts';
import { childrenFromCounts, type OrderService } from '../orders/order-service.ts';
import { orderSummary } from '../orders/order-view.ts';
import { orderChangeEvents } from '../orders/order-events.ts';
import { transitionOrder } from '../orders/transitions.ts';
import type { GatewayRegistry } from './gateway-registry.ts';
import { PaymentRows, paymentRecord, paymentView, type PaymentOrder, type PaymentRow, type PaymentToSettle } from './payment-rows.ts';
import { markOutsideEffect } from '../../../../kernel/db/transaction-retry.ts';

export type Outcome = 'succeeded' | 'failed';

/** The `hold_until` a pending answer asks for, when it is a valid date. */
export function holdOf(answer: PaymentStart | GatewayError): Date | null {
  if (isGatewayError(answer) || answer.status !== 'pending' || !answer.hold_until) return null;
  const hold = new Date(answer.hold_until);
  return Number.isNaN(hold.getTime()) ? null : hold;
}

/** A pending answer without a hold (a redirect, instructions): it changes the payment's own fields only. */
function isPlainPending(answer: PaymentStart | GatewayError): answer is PaymentStart {
  return !isGatewayError(answer) && answer.status === 'pending' && !holdOf(answer);
}

/** The payment's fields a started payment's answer gives. */
function startedFields(answer: PaymentStart): { external_id: string | null; redirect_url: string | null; instructions: string | null } {
  return { external_id: answer.external_id ?? null, redirect_url: answer.redirect_url ?? null, instructions: answer.instructions ?? null };
}

/** A payment attempt as started: the row, and the gateway's refusal when there was one. */
export interface StartedPayment {
  payment: PaymentRow;
  failure?: string;
  /** The payment was cancelled before its answer was booked: another pay of the order superseded it, or the order expired. */
  superseded?: boolean;
  /** What starting the payment wrote to the order: the hold a pending payment's gateway set, if any. */
  orderChanges?: { hold_until: Date; updated_at: Date };
}

/**
 * `checkoutPayments`: payments of orders. Starts them through the gateway, reads them for hosted
 * pages, and settles them (from a return page, a provider notification or a staff capture) with the
 * order's bookkeeping: captured amounts, payment status, pending → processing, the events.
 */
export class CheckoutPayments implements CheckoutPaymentsService {
  constructor(
    private readonly deps: CheckoutDeps,
    private readonly orders: OrderService,
    private readonly gateways: GatewayRegistry,
  ) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  private gatewayContext(db: Db, order: OrderRecord) {
    return { db, baseUrl: this.deps.config.baseUrl, returnUrl: this.deps.pages.url(order.checkout_id) };
  }

  /** A payment with its order and the checkout's return page; 404 when unknown. */
  async get(db: Db, paymentId: number): Promise<PaymentLookup> {
    const found = await PaymentRows.findWithOrder(db, paymentId);
    if (!found) throw CheckoutErrors.paymentNotFound();
    return this.lookup(found.payment, found.order);
  }

  /**
   * Locks the payment and its order (in `settle`'s order: payment, then order), shows them to
   * `accept`, and settles with the rows in hand when it accepts. Undefined when there is no such payment.
   */
  async settleWhen(trx: Knex.Transaction, paymentId: number, outcome: Outcome, accept: (payment: PaymentLookup) => boolean): Promise<PaymentLookup | undefined> {
    const read = await PaymentRows.findForSettle(trx, paymentId);
    if (!read) return undefined;
    const found = this.lookup(read.payment, { ...orderSummary(read.order), checkout_id: read.order.checkout_id });
    if (accept(found)) await this.settleRows(trx, read, outcome, {});
    return found;
  }

  private lookup(payment: PaymentRow, order: PaymentOrder): PaymentLookup {
    const record = paymentRecord(payment);
    const { checkout_id: _checkout, ...summary } = order;
    return {
      ...record,
      payment: record,
      order: summary,
      order_number: order.order_number,
      checkout_id: order.checkout_id,
      return_url: this.deps.pages.url(order.checkout_id),
    };
  }

  /**
   * A payment attempt, in three steps so that no lock is held while the provider answers:
   * `open` writes the pending payment row inside the pay transaction (earlier pending attempts are
   * superseded, cancelled; an order placed in this very transaction, `firstPayment`, has none); after
   * that transaction committed, `ask` calls the gateway's `createPayment` outside any transaction; then
   * `record`, in a short transaction of its own, books the answer.
   */
  async open(trx: Knex.Transaction, order: OrderRecord, method: PaymentMethod, opts: { firstPayment?: boolean } = {}): Promise<PaymentRow> {
    const gateway = this.gateways.get(method.gateway);
    if (!gateway) throw new Error(`Payment method "${method.id}" names gateway "${method.gateway}", which is not registered.`);
    const now = this.now();
    if (!opts.firstPayment) await PaymentRows.cancelPending(trx, order.id, now);
    return PaymentRows.insert(trx, { order_id: order.id, method_id: method.id, gateway: gateway.identifier, amount_minor: order.total - order.amount_paid, currency: order.currency, test: order.test }, now);
  }

  /**
   * The gateway's answer to an opened payment, asked outside any transaction (`ctx.db` is the store's
   * database). A gateway that throws (its provider unreachable) answers as a refusal: the payment fails
   * and the order stays, so the shopper may try again.
   */
  async ask(order: OrderRecord, payment: PaymentRow, log?: Logger): Promise<PaymentStart | GatewayError> {
    const gateway = this.gateways.get(payment.gateway);
    try {
      if (!gateway) throw new Error(`Gateway "${payment.gateway}" is no longer registered.`);
      return await gateway.createPayment(this.gatewayContext(this.deps.knex, order), orderSummary(order), paymentRecord(payment));
    } catch (err) {
      (log ?? this.deps.logger).error({ err, gateway: payment.gateway, payment: payment.id }, 'createPayment failed');
      return { error: true, code: 'gateway_unavailable', message: 'The payment provider could not be reached. Try again, or choose another payment method.' };
    }
  }

  /**
   * Books the gateway's answer to an opened payment. A refusal (or an immediate decline) marks it
   * failed and emits `payment.failed`: the order stays. A payment no longer pending is left as it is:
   * the provider's notification settled it first, or another pay superseded it (`superseded`), or the
   * unpaid order expired meanwhile.
   */
  async record(trx: Knex.Transaction, order: OrderRecord, opened: PaymentRow, answer: PaymentStart | GatewayError): Promise<StartedPayment> {
    // A pending answer without a hold (a redirect, instructions) writes only the payment's own fields,
    // on the one condition the locked read below would check: that the payment is still pending. Its
    // other fields do not change while it is, so the row is the opened one with these.
    if (isPlainPending(answer)) {
      const now = this.now();
      const given = startedFields(answer);
      if (await PaymentRows.updateIfPending(trx, opened, given, now)) return { payment: { ...opened, ...given, updated_at: now } };
    }
    const payment = (await PaymentRows.find(trx, opened.id, { lock: true }))!;
    if (payment.status === 'failed') return { payment, failure: payment.error ?? 'The payment failed.' };
    if (payment.status !== 'pending') return { payment, superseded: payment.status === 'cancelled' };
    const now = this.now();
    if (isGatewayError(answer) || answer.status === 'failed') {
      const message = isGatewayError(answer) ? answer.message : 'The payment was declined.';
      const external = isGatewayError(answer) ? null : (answer.external_id ?? null);
      return { payment: await this.fail(trx, payment, message, external, order), failure: message };
    }
    const given = startedFields(answer);
    const holdUntil = holdOf(answer);
    // The order's row first: its update raises the revision the payment's would otherwise raise on its own.
    if (holdUntil) await OrderRows.update(trx, order.id, { hold_until: holdUntil }, now);
    await PaymentRows.update(trx, payment, given, now);
    if (answer.status === 'succeeded') {
      await this.settle(trx, payment.id, 'succeeded');
      return { payment: (await PaymentRows.find(trx, payment.id))! };
    }
    // Pending (a redirect, instructions): the row as the update left it.
    return { payment: { ...payment, ...given, updated_at: now }, orderChanges: holdUntil ? { hold_until: holdUntil, updated_at: now } : undefined };
  }

  /**
   * `record` of a pending answer without a hold (a redirect, instructions) in one statement of its own,
   * outside a transaction, where the database can (PaymentRows.updateIfPendingAlone). Undefined when it
   * cannot, or when the payment is no longer pending: `record` then books the answer in a transaction.
   */
  async recordPendingAlone(opened: PaymentRow, answer: PaymentStart | GatewayError): Promise<StartedPayment | undefined> {
    if (!isPlainPending(answer)) return undefined;
    const now = this.now();
    const given = startedFields(answer);
    const written = await PaymentRows.updateIfPendingAlone(this.deps.knex, opened, given, now);
    return written ? { payment: { ...opened, ...given, updated_at: now } } : undefined;
  }

  /** Withdraws an opened payment the store will not go on with (it is cancelled; the order stays). */
  async withdraw(trx: Knex.Transaction, payment: Pick<PaymentRow, 'id' | 'order_id'>): Promise<void> {
    await PaymentRows.cancelIfPending(trx, payment, this.now());
  }

  /**
   * Reports an outcome, inside the caller's transaction. Idempotent: a payment already succeeded or
   * failed stays as it is. A superseded (cancelled) payment that succeeds anyway is recorded: the
   * money moved.
   */
  async settle(trx: Knex.Transaction, paymentId: number, outcome: Outcome, opts: { externalId?: string | null } = {}): Promise<SettledPayment> {
    const read = await PaymentRows.findForSettle(trx, paymentId);
    if (!read) throw CheckoutErrors.paymentNotFound();
    return this.settleRows(trx, read, outcome, opts);
  }

  // `settle` with the payment, its order and the order's checkout read under lock (with the order's
  // counts of payments, shipments and refunds, which spare the order event's reads of those it has none of).
  private async settleRows(trx: Knex.Transaction, read: PaymentToSettle, outcome: Outcome, opts: { externalId?: string | null }): Promise<SettledPayment> {
    const { payment, order } = read;
    const settled = payment.status === 'succeeded' || payment.status === 'failed';
    if (settled || (outcome === 'failed' && payment.status === 'cancelled')) {
      return { ...paymentRecord(payment), changed: false, order_status: order.status };
    }
    const external = payment.external_id ?? opts.externalId ?? null;
    if (outcome === 'failed') {
      const failed = await this.fail(trx, payment, 'The payment failed.', external, order);
      return { ...paymentRecord(failed), changed: true, order_status: order.status };
    }
    const captured = await this.capture(trx, order, payment, external, read);
    return { ...paymentRecord(captured.payment), changed: true, order_status: captured.orderStatus };
  }

  /**
   * Staff capture (`POST /api/v1/orders/{id}/payments/{payment_id}/capture/`): asks the gateway to
   * capture, then books it like a succeeded settle. Capturing a succeeded payment changes nothing.
   */
  async captureByStaff(trx: Knex.Transaction, orderId: number, paymentId: number): Promise<PaymentRow> {
    const payment = await PaymentRows.find(trx, paymentId, { lock: true });
    if (!payment || payment.order_id !== orderId) throw CheckoutErrors.paymentNotFound();
    const order = await this.orders.get(trx, orderId, { lock: true });
    if (payment.status === 'succeeded') return payment;
    if (payment.status !== 'pending') throw CheckoutErrors.paymentNotCapturable(payment.status);
    if (order.status === 'cancelled') throw CheckoutErrors.orderCancelled();
    const gateway = this.gateways.get(payment.gateway);
    if (!gateway) throw CheckoutErrors.unknownGateway(payment.gateway);
    // Money moves at the gateway: a lock conflict after this must not capture again.
    markOutsideEffect(trx);
    const result = await gateway.capture(this.gatewayContext(trx, order), paymentRecord(payment), payment.amount_minor);
    if (isGatewayError(result)) throw CheckoutErrors.paymentFailed(result.message);
    return (await this.capture(trx, order, payment, payment.external_id)).payment;
  }

  /** A provider's notification: the gateway verifies it and names the payment; then it is settled. */
  async notify(trx: Knex.Transaction, gatewayName: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<SettledPayment> {
    const gateway = this.gateways.get(gatewayName);
    if (!gateway) throw CheckoutErrors.unknownGateway(gatewayName);
    if (!gateway.verifyNotification) throw CheckoutErrors.notificationNotSupported(gatewayName);
    const note = await gateway.verifyNotification(rawBody, headers);
    if (!note || (note.outcome !== 'succeeded' && note.outcome !== 'failed')) throw CheckoutErrors.invalidNotification();
    let payment = note.paymentId !== undefined ? await PaymentRows.find(trx, note.paymentId) : undefined;
    if (!payment && note.externalId) payment = await PaymentRows.findByExternalId(trx, gateway.identifier, note.externalId);
    if (!payment || payment.gateway !== gateway.identifier) throw CheckoutErrors.paymentNotFound();
    return this.settle(trx, payment.id, note.outcome, { externalId: note.externalId ?? null });
  }

  // Marks a payment the transaction holds locked failed; returns it as the update left it (built, not
  // read back). `known`: its order, when the caller read it.
  private async fail(trx: Knex.Transaction, payment: PaymentRow, message: string, externalId: string | null, known?: OrderRecord): Promise<PaymentRow> {
    const now = this.now();
    const values = { status: 'failed' as const, error: message.slice(0, 1000), external_id: externalId, settled_at: now };
    await PaymentRows.update(trx, payment, values, now);
    const order = known ?? (await this.orders.get(trx, payment.order_id));
    const failed: PaymentRow = { ...payment, ...values, updated_at: now };
    await this.deps.events.emit(trx, 'payment.failed', { ...paymentView(failed), order_number: order.order_number });
    return failed;
  }

  // A succeeded payment: its amount captured, the order's paid amount and payment status updated
  // (order.updated), and a pending order whose captured payments now cover its total moved to
  // processing (order.paid).
  // Books a captured payment: the payment succeeded, the order's paid amount, and the order moved to
  // processing once fully paid. Returns the payment as the update left it (built, not read back).
  // `read`: what a settle read with the payment under lock (the order's counts, its checkout).
  private async capture(trx: Knex.Transaction, order: OrderRecord, payment: PaymentRow, externalId: string | null, read?: Pick<PaymentToSettle, 'counts' | 'checkout'>): Promise<{ payment: PaymentRow; orderStatus: string }> {
    const now = this.now();
    const paid = order.amount_paid + payment.amount_minor;
    const booked = { amount_paid: paid, payment_status: paymentStatusOf(order.total, paid, order.amount_refunded) };
    // The order's row first: its update raises the revision the payment's would otherwise raise on its
    // own. A pending order this payment covers is moved to processing by that same update.
    const becamePaid = order.status === 'pending' && paid >= order.total && (await transitionOrder(trx, order.id, 'pending', 'processing', now, { ...booked, paid_at: now }));
    if (!becamePaid) await OrderRows.update(trx, order.id, booked, now);
    // The order's checkout, once paid, is marked so in the payment's statement when it was read (and so
    // locked) with the payment.
    const checkout = becamePaid && read?.checkout?.id === order.checkout_id ? read.checkout : undefined;
    const paidCheckout = checkout && CheckoutRows.changing(checkout.id, { status: 'paid' }, now);
    await PaymentRows.update(trx, payment, { status: 'succeeded', captured: payment.amount_minor, external_id: externalId, error: null, settled_at: now }, now, paidCheckout);
    const succeeded: PaymentRow = { ...payment, status: 'succeeded', captured_minor: payment.amount_minor, external_id: externalId, error: null, settled_at: now, updated_at: now };
    // The capture's events go in one insert at its end, in this order: the payment, then (when the order
    // became paid) the checkout, then the order's.
    const paymentEvent = { type: 'payment.succeeded', data: { ...paymentView(succeeded), order_number: order.order_number } };
    if (!becamePaid) {
      await this.deps.events.emitMany(trx, [paymentEvent, ...(await orderChangeEvents(this.orders, trx, order.id)).events]);
      return { payment: succeeded, orderStatus: order.status };
    }
    if (!paidCheckout) await CheckoutRows.update(trx, order.checkout_id, { status: 'paid' }, now);
    // The order's records are read once, for checkout.updated and for the order's events after it; its
    // own row is the one locked above as the transition's update left it.
    const moved: OrderRecord = { ...order, ...booked, status: 'processing', paid_at: now, revision: order.revision + 1, updated_at: now };
    const paidOrder = await this.orders.eventRecords(trx, order.id, moved, read && childrenFromCounts(read.counts, succeeded));
    const checkoutEvent = await placedCheckoutEvent(this.deps, trx, order.checkout_id, paidOrder, checkout && CheckoutRows.asStored(checkout, { status: 'paid' }, now));
    const orderEvents = (await orderChangeEvents(this.orders, trx, order.id, ['order.paid'], paidOrder)).events;
    await this.deps.events.emitMany(trx, [paymentEvent, ...(checkoutEvent ? [checkoutEvent] : []), ...orderEvents]);
    return { payment: succeeded, orderStatus: 'processing' };
  }
}
