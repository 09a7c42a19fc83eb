import type { Knex } from 'knex';
import type { Principal } from '../../../../kernel/http/principal.ts';
import type { Logger } from '../../../../kernel/logger.ts';
import type { GatewayError, PaymentMethod, PaymentStart } from '../../contracts.ts';
import type { AppError } from '../../../../kernel/http/errors.ts';
import { CheckoutErrors } from '../../errors.ts';
import type { CheckoutDeps } from '../deps.ts';
import type { OrderRecord } from '../orders/order-rows.ts';
import type { OrderService } from '../orders/order-service.ts';
import { placeOrder } from '../orders/place-order.ts';
import { placedFrom, unpaidOrderLimitRefusal } from '../orders/unpaid-limit.ts';
import { holdOf, type CheckoutPayments } from '../payments/checkout-payments.ts';
import type { PaymentRow } from '../payments/payment-rows.ts';
import type { CheckoutRecord } from './checkout-rows.ts';
import type { CheckoutService } from './checkout-service.ts';
import type { CartService } from '../carts/cart-service.ts';
import { afterReserving } from '../carts/line-stock.ts';
import type { Evaluation } from './evaluate.ts';
import { assertSellable } from './sellable.ts';
import { isLockConflict } from '../../../../kernel/db/claim.ts';

export interface PayInput {
  checkoutId: string;
  methodId: string;
  principal: Principal;
  lang: string;
  /** The request's logger, for a gateway or shipping provider whose tap fails. */
  log?: Logger;
  /** The client's address: held unpaid orders are limited per address (store setting max_unpaid_orders). */
  ip?: string;
  /** The hosted page verified its own form token: the caller may pay this checkout whoever it is. */
  trusted?: boolean;
}

export interface PayResult {
  payment: PaymentRow;
  order: OrderRecord;
  /** The gateway's refusal: the order and the failed payment are kept (committed); answer 402. */
  failure?: string;
}

const ATTEMPTS = 3;


/** What the pay transaction committed: the order (placed now or before) and the opened payment. */
interface Opened {
  order: OrderRecord;
  payment: PaymentRow;
}

/**
 * Paying a checkout. The pay transaction holds the checkout row (so two pays at once make one order):
 * the first pay re-prices and re-validates, places the order, reserves its stock and opens a pending
 * payment; a pay after a failed payment opens a new payment on the same order. Only after it committed
 * is the gateway asked, outside any transaction: a provider's round trip holds no lock (not the
 * order-number row every placement takes, not the stock rows, not SQLite's one writer). Its answer is
 * then booked in a short transaction of its own (a plain redirect on MySQL/MariaDB: one statement). A
 * transaction or statement InnoDB picks as a deadlock victim is run again (nothing of it remains).
 */
export class PayService {
  constructor(
    private readonly deps: CheckoutDeps,
    private readonly checkouts: CheckoutService,
    private readonly orders: OrderService,
    private readonly payments: CheckoutPayments,
    private readonly carts: CartService,
  ) {}

  async pay(input: PayInput): Promise<PayResult> {
    const opened = await this.transaction((trx) => this.open(trx, input));
    const answer = await this.payments.ask(opened.order, opened.payment, input.log);
    // A redirect or instructions without a hold changes the payment's own fields only: one statement
    // where the database allows it, else (or when the payment moved meanwhile) the booking's transaction.
    const alone = await this.retried(() => this.payments.recordPendingAlone(opened.payment, answer));
    if (alone) return { payment: alone.payment, order: opened.order };
    const booked = await this.transaction((trx) => this.book(trx, opened, answer, input));
    if ('refusal' in booked) throw booked.refusal;
    return booked;
  }

  private transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.retried(() => this.deps.knex.transaction(work));
  }

  // `run` again when the database chose it as a deadlock's victim (nothing of it remains).
  private async retried<T>(run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run();
      } catch (err) {
        if (attempt >= ATTEMPTS || !isLockConflict(err)) throw err;
      }
    }
  }

  private async open(trx: Knex.Transaction, input: PayInput): Promise<Opened> {
    const checkout = await this.checkouts.require(trx, input.checkoutId, input.principal, { lock: true, trusted: input.trusted });
    const placing = checkout.order_id === null;
    const { order, method } = placing ? await this.place(trx, checkout, input) : await this.again(trx, checkout, input);
    const payment = await this.payments.open(trx, order, method, { firstPayment: placing });
    return { order, payment };
  }

  // The gateway's answer booked. A hold beyond the store's limit of held orders is not granted: the
  // payment is withdrawn (the order waits the ordinary unpaid timeout) and the pay answers 409, so the
  // shopper may pay the same checkout with a method that pays at once.
  private async book(trx: Knex.Transaction, opened: Opened, answer: PaymentStart | GatewayError, input: PayInput): Promise<PayResult | { refusal: AppError }> {
    const { order } = opened;
    const hold = holdOf(answer);
    const refusal = hold && (await unpaidOrderLimitRefusal(this.deps, trx, { order, holdUntil: hold, principal: input.principal, ip: input.ip }));
    if (refusal) {
      await this.payments.withdraw(trx, opened.payment);
      return { refusal };
    }
    const started = await this.payments.record(trx, order, opened.payment, answer);
    if (started.superseded) {
      const current = await this.orders.get(trx, order.id);
      throw current.status === 'cancelled' ? CheckoutErrors.checkoutExpired() : CheckoutErrors.paymentSuperseded();
    }
    // A payment left pending changed the order at most by the hold its gateway set; any other outcome
    // (paid at once, refused: the payment is then succeeded or failed) is read back.
    const after = started.payment.status === 'pending' ? { ...order, ...started.orderChanges } : await this.orders.get(trx, order.id);
    return { payment: started.payment, order: after, failure: started.failure };
  }

  // A new payment on the order already placed: only while it is pending and unpaid.
  private async again(trx: Knex.Transaction, checkout: CheckoutRecord, input: PayInput): Promise<{ order: OrderRecord; method: PaymentMethod }> {
    const order = await this.orders.get(trx, checkout.order_id!, { lock: true });
    if (order.status === 'cancelled' || checkout.status === 'expired') throw CheckoutErrors.checkoutExpired();
    if (order.status !== 'pending' || order.payment_status !== 'unpaid') throw CheckoutErrors.alreadyPaid(order.id, order.order_number);
    const methods = await this.checkouts.methodsFor(trx, { currency: order.currency, total_minor: order.total - order.amount_paid, address: order.shipping_address, test: order.test, lang: input.lang }, input.log);
    return { order, method: this.checkouts.requireMethod(methods, input.methodId) };
  }

  private async place(trx: Knex.Transaction, checkout: CheckoutRecord, input: PayInput): Promise<{ order: OrderRecord; method: PaymentMethod }> {
    const cart = await this.checkouts.cartOf(trx, checkout, { lock: true });
    if (cart.status !== 'open') throw CheckoutErrors.cartOrdered();
    const evaluation = await this.checkouts.evaluate(trx, checkout, cart, { principal: input.principal, lang: input.lang, placing: true, log: input.log });
    assertSellable(evaluation.priced);
    this.assertShipping(evaluation, checkout);
    const test = this.checkouts.isTest(input.principal);
    const totals = evaluation.totals;
    const methods = await this.checkouts.methodsFor(trx, { currency: totals.currency, total_minor: totals.total_minor, address: checkout.shipping_address, test, lang: input.lang }, input.log);
    const method = this.checkouts.requireMethod(methods, input.methodId);
    const customerId = input.principal.kind === 'customer' ? input.principal.id : (checkout.customer_id ?? cart.customer_id);
    const placed = await placeOrder(this.deps, this.orders, trx, { checkout, cart, evaluation, customerId, test, lang: input.lang, placedFrom: placedFrom(input.ip) });
    // The cart is now `ordered` (no longer open): abandoned-cart plugins learn it from cart.updated,
    // priced from the items, variants and taps' reads of the evaluation the order was placed from (their
    // units available less what the order now holds); written with the reservation's events and
    // order.created in one insert.
    const variants = afterReserving(evaluation.priced.variants, totals.lines);
    const known = { cart: placed.cart, items: evaluation.priced.items, variants, reads: evaluation.reads };
    const cartChange = await this.carts.changeEvent(trx, cart.id, 'cart.updated', known);
    await this.deps.events.emitMany(trx, [...placed.stockEvents, placed.created, ...(cartChange ? [cartChange.event] : [])]);
    return { order: placed.order, method };
  }

  // A selected rate still offered is needed wherever shipping providers are installed; a store without
  // any (digital goods) ships nothing.
  private assertShipping(evaluation: Evaluation, checkout: CheckoutRecord): void {
    if (evaluation.selected || this.deps.hooks.collectShippingRates.taps.length === 0) return;
    if (evaluation.rates.length === 0) throw CheckoutErrors.noShippingMethod(checkout.shipping_address.country);
    throw CheckoutErrors.shippingMethodRequired();
  }
}
