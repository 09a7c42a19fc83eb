/**
 * The public contract of core-checkout: what shipping providers, payment gateways, discount and tax
 * plugins implement or receive. Third-party plugins import these types (and only these) from
 * core-checkout; everything else they reach through the `checkout` hooks and the container services
 * `paymentGateways`, `checkoutPayments` and `orderService`.
 *
 * Money is integer minor units (`*_minor`) in the cart's/order's currency everywhere here.
 */
import type { Knex } from 'knex';
import type { Principal } from '../../kernel/http/principal.ts';

export type Db = Knex | Knex.Transaction;

export interface Address {
  first_name: string;
  last_name: string;
  address_line_1: string;
  address_line_2?: string | null;
  city: string;
  state?: string | null;
  postal_code: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  phone?: string | null;
  company?: string | null;
}

/** One priced line of a cart or checkout, in the cart's currency. */
export interface PricedLine {
  /** The cart item's id (or the order item's, once placed). */
  id: number;
  variant_id: number;
  product_id: number;
  sku: string;
  name: string;
  options: Record<string, string>;
  quantity: number;
  unit_price_minor: number;
  /** unit_price_minor × quantity, before discounts. */
  total_minor: number;
  /** The discount allocated to this line by discount taps (≥ 0). */
  discount_minor: number;
  /** The tax of this line (after its discount), filled by the tax step. */
  tax_minor: number;
  /** The tax rate applied, as a percentage string ("19"), or null. */
  tax_rate: string | null;
}

/** A discount a tap applied, shown in totals (a voucher, a promotion). */
export interface AppliedDiscount {
  /** Who applied it: the plugin's name. */
  source: string;
  /** The voucher code or promotion name shown to the shopper. */
  code: string;
  description?: string;
  amount_minor: number;
}

/**
 * The totals of a cart or checkout as they flow through `checkout.calculateTotals`. Taps adjust
 * `lines[].discount_minor` / `discounts` (discounts, stage < 100) or taxes (stage 100, core-checkout's
 * own tax step); the kernel-side invariant recomputed after the hook:
 * total = subtotal − discount + shipping + (prices include tax ? 0 : tax).
 */
export interface Totals {
  currency: string;
  lines: PricedLine[];
  subtotal_minor: number;
  discount_minor: number;
  shipping_minor: number;
  shipping_tax_minor: number;
  tax_minor: number;
  total_minor: number;
  discounts: AppliedDiscount[];
  prices_include_tax: boolean;
}

export interface TotalsContext {
  db: Db;
  /** The cart being priced (its id, customer, e-mail when known). */
  cart: { id: string; customer_id: number | null; email: string | null; currency: string };
  /** The shipping address once a checkout has one (tax and shipping depend on it). */
  address: Address | null;
  /** The selected shipping rate, when one is selected. */
  shipping: ShippingRate | null;
  principal: Principal;
  lang: string;
  /** True while placing the order (inside its transaction): taps may lock and count usage. */
  placing: boolean;
  /**
   * What taps read for this pricing, shared by the runs of one evaluation (a checkout is priced without
   * shipping, then again with the selected rate, in the same transaction or read; the cart's view after
   * its order is placed reuses the placing's, without address or shipping): a tap keeps a read here
   * under a key of its own, naming whatever besides the cart the read depends on, and the next run
   * reuses it instead of asking the database again. Absent when the hook is called on its own.
   */
  reads?: Map<string, unknown>;
  /**
   * The cart was created by the change being priced, in its transaction: nothing refers to it yet, so a
   * tap that reads what it attached to carts (applied vouchers) has nothing to read. Absent otherwise.
   */
  newCart?: boolean;
}

/** A way to ship, offered for a destination. Built-in flat rates have numeric ids; carriers may use strings. */
export interface ShippingRate {
  id: number | string;
  name: string;
  /** The plugin that provides it (`shipping-flat`, a carrier plugin's name). */
  provider: string;
  price_minor: number;
  currency: string;
  description?: string | null;
}

/** A line as shipping providers see it: the priced line plus what the catalogue says of its size. */
export interface ShippingLine extends PricedLine {
  /** The variant's weight of one unit in grams; null when not recorded. */
  weight: number | null;
  /** The variant's package size of one unit in millimetres; null when not recorded. */
  dimensions: { length: number; width: number; height: number } | null;
}

export interface ShippingContext {
  db: Db;
  address: Address;
  currency: string;
  /** Subtotal after discounts, for thresholds such as free shipping above an amount. */
  subtotal_minor: number;
  lines: ShippingLine[];
  /** Σ weight × quantity in grams; null when any line's weight is not recorded. */
  total_weight: number | null;
  lang: string;
}

/** A payment method a gateway offers for a checkout (`GET …/payment-methods/`). */
export interface PaymentMethod {
  /** Stable id the shopper picks (`test`, `manual_bank_transfer`, `pp_acme_card`). */
  id: string;
  name: string;
  description?: string | null;
  /** The gateway identifier that handles it (PaymentGateway.identifier). */
  gateway: string;
  /** Test methods are the only ones offered in test mode or to test keys, and only there. */
  test: boolean;
}

export interface PaymentMethodContext {
  db: Db;
  currency: string;
  total_minor: number;
  address: Address | null;
  /** True when the store is in test mode or the caller uses a test key: offer only test methods. */
  test: boolean;
  lang: string;
}

/** The order as gateways see it. */
export interface OrderSummary {
  id: number;
  order_number: string;
  currency: string;
  total_minor: number;
  email: string;
  test: boolean;
  lang: string;
}

/** A payment row as gateways see it. */
export interface PaymentRecord {
  id: number;
  order_id: number;
  method_id: string;
  gateway: string;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  amount_minor: number;
  currency: string;
  captured_minor: number;
  refunded_minor: number;
  external_id: string | null;
}

/** What creating a payment produced: a redirect, instructions, or an immediate outcome. */
export interface PaymentStart {
  status: 'pending' | 'succeeded' | 'failed';
  /** Where to send the shopper (a hosted payment page); absent for offline methods. */
  redirect_url?: string | null;
  /** Shown to the shopper when there is no redirect (bank details, "pay on delivery"). */
  instructions?: string | null;
  external_id?: string | null;
  /**
   * Offline methods (a bank transfer) may keep the order, and its stock reservation, beyond the store's
   * `unpaid_order_timeout_minutes`, until this instant; absent or null: the store's timeout applies.
   */
  hold_until?: Date | string | null;
}

/** A gateway refusal as a value (no throw): the API answers 402 `payment_failed` with `message`. */
export interface GatewayError {
  error: true;
  message: string;
  code?: string;
}

export interface GatewayContext {
  db: Db;
  /** The store's BASE_URL, for building redirect and return URLs. */
  baseUrl: string;
  /** Where the shopper returns after a hosted page (the checkout's payment page). */
  returnUrl: string;
}

/**
 * A payment gateway (Medusa-style provider interface). Implement it in a plugin, then register an
 * instance with `container.resolve('paymentGateways').register(gateway)` and offer its methods by
 * tapping `checkout.collectPaymentMethods`. Outcomes that arrive later (a hosted page, a webhook from
 * the provider) are reported with `container.resolve('checkoutPayments').settle(trx, paymentId, outcome)`.
 */
export abstract class PaymentGateway {
  /** Unique gateway identifier, e.g. `test`, `manual`, `acme`. */
  abstract readonly identifier: string;

  /**
   * Starts a payment of `payment.amount_minor` for `order`. Asked after the pay transaction committed
   * (the order and the pending payment row exist), outside any transaction: no lock waits on the
   * provider. Throwing counts as a refusal (the payment fails, the order stays); answer a GatewayError
   * for a refusal you can name.
   */
  abstract createPayment(ctx: GatewayContext, order: OrderSummary, payment: PaymentRecord): Promise<PaymentStart | GatewayError>;

  /** Captures (part of) an authorised payment, e.g. when staff confirm a bank transfer arrived. */
  abstract capture(ctx: GatewayContext, payment: PaymentRecord, amountMinor: number): Promise<{ status: 'succeeded' } | GatewayError>;

  /** Refunds (part of) a captured payment. */
  abstract refund(ctx: GatewayContext, payment: PaymentRecord, amountMinor: number): Promise<{ status: 'succeeded'; external_id?: string | null } | GatewayError>;

  /**
   * Verifies a notification the provider sent to `/api/v1/payments/notify/{identifier}/` (signature,
   * source) and says which payment it settles; null when it is not for this store or not valid.
   */
  verifyNotification?(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<{ paymentId?: number; externalId?: string; outcome: 'succeeded' | 'failed' } | null>;
}

/**
 * The key under which `TotalsContext.reads` holds a plugin's count of what it attached to a cart, when
 * the count was read with the cart's lines (`cartService.countWithLines(name, count)`): 0 means the tap
 * has nothing of its own to read for this cart. Absent when the lines were not read that way (a change
 * that already held them, an empty cart): the tap reads as it would without.
 */
export function countedKey(name: string, cartId: string): string {
  return `counted:${name}:${cartId}`;
}

export function isGatewayError(value: unknown): value is GatewayError {
  return typeof value === 'object' && value !== null && (value as GatewayError).error === true;
}

/** What `checkout.placeOrder` taps receive, inside the order's transaction (voucher usage, fraud rules). */
export interface PlaceOrderEvent {
  trx: Knex.Transaction;
  order: OrderSummary & { customer_id: number | null; checkout_id: string; cart_id: string };
  totals: Totals;
}

/** What `checkout.orderReleased` taps receive when an unpaid order is cancelled (voucher use given back). */
export interface OrderReleasedEvent {
  trx: Knex.Transaction;
  order: OrderSummary & { customer_id: number | null; cart_id: string };
}

/**
 * What `checkoutPayments.get(db, paymentId)` answers (it throws a 404 AppError for an unknown id): the
 * payment row's fields at the top level (so a hosted page reads `status`, `amount_minor`, `external_id`
 * directly), plus the payment again, its order, the order number, the checkout and the return page.
 */
export interface PaymentLookup extends PaymentRecord {
  payment: PaymentRecord;
  order: OrderSummary;
  order_number: string;
  checkout_id: string;
  /** The checkout's payment page, where a hosted page sends the shopper back once settled. */
  return_url: string;
}

/** What `checkoutPayments.settle` answers: the payment as it stands after the call. */
export interface SettledPayment extends PaymentRecord {
  /** False when the payment was already settled: nothing changed. */
  changed: boolean;
  /** The order's status after the call (`processing` once captured payments cover its total). */
  order_status: string;
}

/** The `checkoutPayments` container service, for gateway plugins (hosted pages, provider notifications). */
export interface CheckoutPaymentsService {
  /** A payment with its order and return page; a 404 AppError when there is no such payment. */
  get(db: Db, paymentId: number): Promise<PaymentLookup>;
  /**
   * Reports a payment's outcome, inside the caller's transaction. Idempotent: settling an already
   * settled payment changes nothing and answers its state. `succeeded` captures the amount, moves a
   * pending order to `processing` once captured payments cover its total and emits `payment.succeeded`
   * and `order.paid`; `failed` emits `payment.failed`.
   */
  settle(trx: Knex.Transaction, paymentId: number, outcome: 'succeeded' | 'failed', opts?: { externalId?: string | null }): Promise<SettledPayment>;
  /**
   * A hosted page's form post in one go: locks the payment and its order, shows them to `accept`, and
   * settles as `settle` does only when it answers true. Answers the payment as it was found (undefined
   * when there is no such payment): what `get` then `settle` give, without reading both twice.
   */
  settleWhen(trx: Knex.Transaction, paymentId: number, outcome: 'succeeded' | 'failed', accept: (payment: PaymentLookup) => boolean): Promise<PaymentLookup | undefined>;
}

/** The `paymentGateways` container service: where gateway plugins register their gateway. */
export interface PaymentGatewayRegistry {
  /** Registers a gateway under its `identifier`; a second gateway with the same identifier is refused. */
  register(gateway: PaymentGateway): void;
  get(identifier: string): PaymentGateway | undefined;
  list(): PaymentGateway[];
}

/**
 * What the hosted payment page (`payment_url`, `/checkout/{id}/pay/`) shows. A plugin that draws the
 * page in the store's look (the storefront, with the active theme) taps `checkout.renderPayPage`.
 */
export interface HostedPayPage {
  /** The checkout as the API shows it (`GET /api/v1/checkout/{id}/`), in the page's language. */
  checkout: Record<string, any>;
  /** `shipping`: no shipping method chosen yet; `open`: choose how to pay; `paid`; `expired` (not paid in time). */
  state: 'shipping' | 'open' | 'paid' | 'expired';
  /** The payment methods offered (only while `open`). */
  methods: PaymentMethod[];
  /** The order's status (`pending`, `processing`, …) once the order exists, else null. */
  order_status: string | null;
  /** The page's forms post here, with `token` as a hidden field. */
  action: string;
  token: string;
  /** A refusal or a failed payment, for the shopper; null when none. */
  error: string | null;
  /** Offline payment instructions (a bank transfer's details) of the order's pending payment. */
  instructions: string | null;
  /** The HTTP status the page answers with (402 after a failed payment, …). */
  status: number;
}
