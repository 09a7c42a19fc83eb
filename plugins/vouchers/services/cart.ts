import type { Knex } from 'knex';
import type { Principal } from '../../../kernel/http/principal.ts';
import { parseAmount, type Money } from '../../../kernel/money/money.ts';
import type { Db } from './records.ts';
import type { CartFacts as RuleFacts } from './rules.ts';
import type { CustomerIdentity } from './usage.ts';

/** Who is asking, passed on to core-checkout so it shows the cart as it would to that caller. */
export interface RequestView {
  principal: Principal;
  lang: string;
  /** `?currency=`: show the cart's prices in another of the store's currencies. */
  currency?: string;
}

/** The cart facts the voucher rules need, in the cart's own currency. */
export interface CartFacts extends RuleFacts, CustomerIdentity {
  id: string;
}

/** A cart record as core-checkout's `cartService` returns it (the fields this plugin reads). */
export interface CartRecordLike {
  id: string;
  currency: string;
  customer_id: number | null;
  email: string | null;
}

/** The cart as `GET /api/v1/cart/{cart_id}/` shows it (the fields this plugin reads). */
export interface CartViewLike {
  currency: string;
  subtotal: Money;
  [field: string]: unknown;
}

/**
 * What this plugin uses of core-checkout's `cartService` (from the container): `requireOpen` finds and
 * locks an open cart the caller may see (404 unknown or expired, 409 `cart_ordered`), and `view` shows
 * it priced through `checkout.calculateTotals`, as the cart endpoints answer.
 */
export interface CartServiceLike {
  requireOpen(trx: Db, id: string, principal: Principal): Promise<CartRecordLike>;
  view(db: Db, cart: CartRecordLike, opts: RequestView): Promise<CartViewLike>;
  /** Emits `cart.updated` (the cart's new view) in the caller's transaction. */
  emit(trx: Db, cartId: string): Promise<void>;
  /** Reads `count` (a subquery for the cart) with the cart's lines, into `TotalsContext.reads` under `countedKey(name, cartId)`. */
  countWithLines(name: string, count: (db: Db, cartId: string) => Knex.QueryBuilder): void;
}

/** The cart through core-checkout's public service: facts for the rules, and the view to answer with. */
export class CartAccess {
  constructor(private readonly service: () => CartServiceLike) {}

  /** The open cart (locked for this transaction) and its facts; core-checkout's 404/409 when there is none. */
  async open(trx: Db, cartId: string, view: RequestView): Promise<{ cart: CartRecordLike; facts: CartFacts }> {
    const carts = this.service();
    const cart = await carts.requireOpen(trx, cartId, view.principal);
    const priced = await carts.view(trx, cart, { principal: view.principal, lang: view.lang });
    const facts: CartFacts = {
      id: cart.id,
      currency: cart.currency,
      customer_id: cart.customer_id,
      email: cart.email,
      subtotal_minor: parseAmount(priced.subtotal.amount, priced.currency),
    };
    return { cart, facts };
  }

  /** Tells webhooks the cart changed (a voucher went on or off): `cart.updated`, in this transaction. */
  changed(trx: Db, cartId: string): Promise<void> {
    return this.service().emit(trx, cartId);
  }

  /** The cart as core-checkout's cart endpoints show it. */
  view(db: Db, cart: CartRecordLike, view: RequestView): Promise<CartViewLike> {
    return this.service().view(db, cart, view);
  }
}
