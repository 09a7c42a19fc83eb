import { lineStock } from '../carts/line-stock.ts';
import type { Knex } from 'knex';
import type { FieldErrors } from '../../../../kernel/http/errors.ts';
import { updateRows } from '../../../../kernel/db/row-updates.ts';
import type { Principal } from '../../../../kernel/http/principal.ts';
import type { Logger } from '../../../../kernel/logger.ts';
import type { Address, Db, PaymentMethod } from '../../contracts.ts';
import { addError, CheckoutErrors, throwIfInvalid } from '../../errors.ts';
import { CartRows, canSee, type CartRecord } from '../carts/cart-rows.ts';
import type { CartService } from '../carts/cart-service.ts';
import type { CheckoutDeps } from '../deps.ts';
import { collectFromEachTap } from '../../../../kernel/hooks.ts';
import { OrderRows } from '../orders/order-rows.ts';
import type { OrderService } from '../orders/order-service.ts';
import { readAddress, readEmail } from './address.ts';
import { CheckoutRows, type CheckoutRecord } from './checkout-rows.ts';
import { placedCheckoutView, checkoutView, type CheckoutView } from './checkout-view.ts';
import { evaluateCheckout, findRate, selectRate, type Evaluation, type EvaluateOptions } from './evaluate.ts';
import { assertSellable, checkStock } from './sellable.ts';

export interface CheckoutInput {
  cart_id?: string;
  email?: string;
  shipping_address?: unknown;
  billing_same_as_shipping?: boolean;
  billing_address?: unknown;
}

export interface CheckoutPatch extends Omit<CheckoutInput, 'cart_id'> {
  shipping_method_id?: number | string | null;
}

export interface Caller {
  principal: Principal;
  lang: string;
  /** The request's logger (its lines carry the request id), for a provider tap that fails. */
  log?: Logger;
}

/**
 * Checkout sessions over a cart: e-mail and addresses, the shipping rates for the address and the
 * selected one, the payment methods offered, and the view with totals. Paying is PayService's.
 */
export class CheckoutService {
  // The cart `require` read with a checkout, until `cartOf` takes it (a request's next step).
  private readonly cartsRead = new WeakMap<CheckoutRecord, { cart: CartRecord | undefined; locked: boolean }>();

  constructor(
    private readonly deps: CheckoutDeps,
    private readonly carts: CartService,
    private readonly orders: OrderService,
  ) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  /** Test mode, or a test API key: only test payment methods, and orders are `test`. */
  isTest(principal: Principal): boolean {
    return this.deps.settings.get().test_mode || (principal.kind === 'api_key' && principal.mode === 'test');
  }

  /**
   * Opens a checkout on a cart: every bad field named at once (400), then the cart (404), not already
   * ordered (409 cart_ordered), not empty (409 empty_cart), every item for sale (409
   * variant_unavailable) and in stock, checked without reserving (409 insufficient_stock). Returns the
   * checkout with the pricing it was opened with, which is what it shows (no shipping chosen yet).
   */
  async create(trx: Knex.Transaction, input: CheckoutInput, caller: Caller): Promise<{ checkout: CheckoutRecord; evaluation: Evaluation; stock: Map<number, number | null> }> {
    const errors: FieldErrors = {};
    if (typeof input.cart_id !== 'string' || input.cart_id === '') addError(errors, 'cart_id', 'This field is required.');
    const email = readEmail(input.email, 'email', errors);
    const shipping = readAddress(input.shipping_address, 'shipping_address', errors);
    const same = input.billing_same_as_shipping ?? true;
    const billing = same ? null : readAddress(input.billing_address, 'billing_address', errors);
    throwIfInvalid(errors);
    const cart = await this.carts.requireOpen(trx, input.cart_id!, caller.principal);
    const customerId = cart.customer_id ?? (caller.principal.kind === 'customer' ? caller.principal.id : null);
    const draft = { cart_id: cart.id, customer_id: customerId, email: email!, shipping_address: shipping!, billing_same_as_shipping: same, billing_address: billing ?? null, shipping_rate: null, lang: caller.lang };
    const evaluation = await evaluateCheckout(this.deps, trx, { ...draft, id: '', status: 'open', order_id: null, created_at: this.now(), updated_at: this.now() }, cart, caller);
    assertSellable(evaluation.priced);
    const stock = await checkStock(this.deps, trx, evaluation);
    const now = this.now();
    await CartRows.touch(trx, cart.id, now, { email: email! });
    return { checkout: await CheckoutRows.insert(trx, draft, now), evaluation, stock };
  }

  /**
   * A checkout the caller may see (a customer's only by that customer and staff), else 404. Its cart is
   * read in the same statement (locked with it under `lock`), for the next `cartOf` of this record.
   */
  async require(db: Db, id: string, principal: Principal, opts: { lock?: boolean; trusted?: boolean } = {}): Promise<CheckoutRecord> {
    const found = await CheckoutRows.findWithCart(db, id, opts);
    if (!found || (!opts.trusted && !canSee(found.checkout, principal))) throw CheckoutErrors.checkoutNotFound();
    this.cartsRead.set(found.checkout, { cart: found.cart, locked: Boolean(opts.lock) });
    return found.checkout;
  }

  /**
   * The checkout's cart, whoever it is bound to (the checkout's own access was checked): the one read
   * with it by `require` (once, and when it was locked if `lock` is asked), else read now.
   */
  async cartOf(db: Db, checkout: CheckoutRecord, opts: { lock?: boolean } = {}): Promise<CartRecord> {
    const read = this.cartsRead.get(checkout);
    this.cartsRead.delete(checkout);
    const cart = read && (read.locked || !opts.lock) ? read.cart : await CartRows.find(db, checkout.cart_id, opts);
    if (!cart) throw CheckoutErrors.checkoutNotFound();
    return cart;
  }

  evaluate(db: Db, checkout: CheckoutRecord, cart: CartRecord, opts: EvaluateOptions): Promise<Evaluation> {
    return evaluateCheckout(this.deps, db, checkout, cart, opts);
  }

  /** The checkout as the API shows it: priced now while open; as ordered once its order exists. */
  async view(db: Db, checkout: CheckoutRecord, caller: Caller): Promise<CheckoutView> {
    if (checkout.order_id !== null) {
      const order = await this.orders.get(db, checkout.order_id);
      const items = (await OrderRows.items(db, [order.id])).get(order.id) ?? [];
      return placedCheckoutView(checkout, order, items, this.deps.pages.url(checkout.id));
    }
    return this.viewOfOpen(db, checkout, await this.evaluate(db, checkout, await this.cartOf(db, checkout), caller));
  }

  /**
   * An open checkout's view from a pricing of it made in the same transaction (`create`'s, `update`'s),
   * and the lines' stock when that transaction read it (`create` checks it).
   */
  async viewOfOpen(db: Db, checkout: CheckoutRecord, evaluation: Evaluation, stock?: Map<number, number | null>): Promise<CheckoutView> {
    return checkoutView(checkout, evaluation, this.deps.pages.url(checkout.id), stock ?? (await lineStock(this.deps, db, evaluation.priced)));
  }

  /** Refuses changes to a checkout that is paid, expired or already has its order. */
  async assertOpen(db: Db, checkout: CheckoutRecord): Promise<void> {
    if (checkout.order_id === null) return;
    const order = await this.orders.get(db, checkout.order_id);
    if (checkout.status === 'paid' || (order.status !== 'pending' && order.status !== 'cancelled')) throw CheckoutErrors.alreadyPaid(order.id, order.order_number);
    if (checkout.status === 'expired' || order.status === 'cancelled') throw CheckoutErrors.checkoutExpired();
    throw CheckoutErrors.checkoutLocked(order.order_number);
  }

  /**
   * Changes e-mail, addresses or the shipping method. A new address collects the rates again and drops
   * a selection no longer offered; `shipping_method_id` must be one offered for the (new) address.
   * Returns the checkout as stored after the change and its pricing (what `view` would price it at again).
   */
  async update(trx: Knex.Transaction, checkout: CheckoutRecord, patch: CheckoutPatch, caller: Caller): Promise<{ checkout: CheckoutRecord; evaluation: Evaluation }> {
    await this.assertOpen(trx, checkout);
    const errors: FieldErrors = {};
    const next: CheckoutRecord = { ...checkout };
    if (patch.email !== undefined) next.email = readEmail(patch.email, 'email', errors) ?? next.email;
    if (patch.shipping_address !== undefined) next.shipping_address = readAddress(patch.shipping_address, 'shipping_address', errors) ?? next.shipping_address;
    if (patch.billing_same_as_shipping !== undefined) next.billing_same_as_shipping = patch.billing_same_as_shipping;
    if (patch.billing_address !== undefined && patch.billing_address !== null) next.billing_address = readAddress(patch.billing_address, 'billing_address', errors) ?? next.billing_address;
    if (!next.billing_same_as_shipping && !next.billing_address) addError(errors, 'billing_address', 'Required when billing_same_as_shipping is false.');
    throwIfInvalid(errors);
    const cart = await this.cartOf(trx, checkout, { lock: true });
    if (cart.status !== 'open') throw CheckoutErrors.cartOrdered();
    const unselected: CheckoutRecord = { ...next, shipping_rate: null };
    const evaluation = await this.evaluate(trx, unselected, cart, caller);
    if (patch.shipping_method_id === null) next.shipping_rate = null;
    else if (patch.shipping_method_id !== undefined) {
      const rate = findRate(evaluation.rates, patch.shipping_method_id);
      if (!rate) {
        throw CheckoutErrors.invalid({ shipping_method_id: [`"${patch.shipping_method_id}" is not one of the shipping methods offered for this address.`] });
      }
      next.shipping_rate = rate;
    } else if (next.shipping_rate) {
      next.shipping_rate = findRate(evaluation.rates, next.shipping_rate.id, next.shipping_rate.provider) ?? null;
    }
    const now = this.now();
    const changes = {
      email: next.email,
      shipping_address: next.shipping_address,
      billing_same_as_shipping: next.billing_same_as_shipping,
      billing_address: next.billing_same_as_shipping ? null : next.billing_address,
      shipping_rate: next.shipping_rate,
    };
    // The cart is locked above and the checkout by the caller: one statement where the database allows it.
    await updateRows(trx, [CheckoutRows.changing(checkout.id, changes, now), CartRows.touching(cart.id, now, { email: next.email })]);
    // The rate kept or chosen is one of `evaluation.rates`: only the totals change with it.
    return {
      checkout: CheckoutRows.asStored(checkout, changes, now),
      evaluation: await selectRate(this.deps, trx, evaluation, unselected, cart, caller, next.shipping_rate),
    };
  }

  /**
   * The payment methods the gateway plugins offer for this checkout (for what it, or its order, still
   * owes): in test mode or to a test key only test methods, otherwise only live ones; ids unique.
   */
  async paymentMethods(db: Db, checkout: CheckoutRecord, caller: Caller): Promise<PaymentMethod[]> {
    if (checkout.order_id !== null) {
      const order = await this.orders.get(db, checkout.order_id);
      return this.methodsFor(db, { currency: order.currency, total_minor: order.total - order.amount_paid, address: order.shipping_address, test: order.test, lang: caller.lang }, caller.log);
    }
    const evaluation = await this.evaluate(db, checkout, await this.cartOf(db, checkout), caller);
    return this.methodsFor(db, { currency: evaluation.totals.currency, total_minor: evaluation.totals.total_minor, address: checkout.shipping_address, test: this.isTest(caller.principal), lang: caller.lang }, caller.log);
  }

  /** The payment methods gateways offer for this amount; a failing gateway is logged on `log` (the request's). */
  async methodsFor(db: Db, context: { currency: string; total_minor: number; address: Address | null; test: boolean; lang: string }, log: Logger = this.deps.logger): Promise<PaymentMethod[]> {
    // Each gateway in isolation: one whose tap throws is logged and left out; the others still offer.
    const offered = await collectFromEachTap(this.deps.hooks.collectPaymentMethods, 'checkout.collectPaymentMethods', [], { db, ...context }, log);
    const seen = new Set<string>();
    return (offered ?? []).filter((m) => {
      if (!m || typeof m.id !== 'string' || m.test !== context.test || seen.has(m.id)) return false;
      seen.add(m.id);
      return true;
    });
  }

  /** The method a pay names, among those offered (400 naming payment_method_id otherwise). */
  requireMethod(methods: PaymentMethod[], id: string): PaymentMethod {
    const method = methods.find((m) => m.id === id);
    if (!method) {
      const offered = methods.map((m) => m.id).join(', ') || 'none';
      throw CheckoutErrors.invalid({ payment_method_id: [`"${id}" is not offered for this checkout. Offered: ${offered}.`] });
    }
    return method;
  }
}
