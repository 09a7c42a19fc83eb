import type { CartCount } from './line-counts.ts';
import { cartItemsCounted, cartItemsForSale, lineStock, lockedCartWithItems, variantsWithStock } from './line-stock.ts';
import type { Knex } from 'knex';
import { ANONYMOUS, type Principal } from '../../../../kernel/http/principal.ts';
import type { OutboxEvent } from '../../../../kernel/events.ts';
import type { Db } from '../../contracts.ts';
import { CheckoutErrors } from '../../errors.ts';
import type { CheckoutDeps, VariantForSale } from '../deps.ts';
import { priceItems, type CartItemRow } from '../totals/lines.ts';
import { calculateTotals } from '../totals/totals.ts';
import { CART_LIFETIME_MS, CartRows, MAX_LINE_QUANTITY, canSee, isExpired, type CartRecord } from './cart-rows.ts';
import { cartView, type CartView } from './cart-view.ts';

/**
 * A cart right after a change: its row as stored (read again, or as the change wrote it) and its view
 * as the change's event carries it (an anonymous caller's, in the store's default language and the
 * cart's currency).
 */
export interface ChangedCart {
  cart: CartRecord;
  view: CartView;
  lang: string;
}

/**
 * What a change already holds, so the view after it need not read it again in the same transaction:
 * the cart as written (locked since the change began), its items, the catalogue's view of their variants.
 */
export interface KnownCart {
  cart: CartRecord;
  items?: CartItemRow[];
  variants?: Map<number, VariantForSale>;
  /** What the totals taps read for this cart earlier in the transaction (TotalsContext.reads), reused. */
  reads?: Map<string, unknown>;
  /** The change created the cart (TotalsContext.newCart): nothing refers to it yet. */
  created?: boolean;
}

/** A cart's lines and the other plugins' counts on it, as read under the cart's lock (`requireOpenWithItems`). */
export interface CartLines {
  items: CartItemRow[];
  counted: Map<string, number>;
}

/** Whether a cart a `cart_id` cookie names is the guest's session cart: open, bound to no customer, not expired. */
function isGuestSessionCart(cart: CartRecord, now: Date): boolean {
  return cart.status === 'open' && cart.customer_id === null && !isExpired(cart, now);
}

export interface ViewOptions {
  principal: Principal;
  lang: string;
  /** Show prices in this currency instead of the cart's (`?currency=`). */
  currency?: string;
}

/**
 * Carts: guests reach them by their UUID; a customer's cart is bound to the customer. Every change
 * locks the cart row first, so concurrent changes to one cart take turns, and touches `updated_at`
 * (carts untouched for 30 days expire).
 */
export class CartService {
  constructor(private readonly deps: CheckoutDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  /** A new cart in `currency`, bound to the caller when the caller is a customer. */
  async create(db: Db, input: { currency: string; principal: Principal }): Promise<ChangedCart> {
    const customerId = input.principal.kind === 'customer' ? input.principal.id : null;
    const cart = await CartRows.insert(db, { customer_id: customerId, currency: input.currency }, this.now());
    return (await this.emit(db, cart.id, 'cart.created', { cart, items: [], created: true }))!;
  }

  /**
   * Emits `cart.created` / `cart.updated` in the change's transaction, with the cart as the API shows
   * it (its currency, the store's default language, priced as for an anonymous caller). Plugins that
   * change what a cart shows (vouchers) call it with `cart.updated` after their change; a change that
   * holds the cart, its items or their variants passes them (`known`) instead of their being read again.
   * Returns the cart and that view, which `viewAfterChange` reuses for the answer when it is the caller's.
   */
  async emit(trx: Db, cartId: string, type: 'cart.created' | 'cart.updated' = 'cart.updated', known?: KnownCart): Promise<ChangedCart | undefined> {
    const change = await this.changeEvent(trx, cartId, type, known);
    if (!change) return undefined;
    await this.deps.events.emit(trx, change.event.type, change.event.data);
    return change.changed;
  }

  /** What `emit` writes, not yet written: for a change that writes it with events of its own in one insert. */
  async changeEvent(trx: Db, cartId: string, type: 'cart.created' | 'cart.updated', known?: KnownCart): Promise<{ changed: ChangedCart; event: OutboxEvent } | undefined> {
    const cart = known?.cart ?? (await CartRows.find(trx, cartId));
    if (!cart) return undefined;
    const lang = this.deps.settings.get().default_language;
    const view = await this.view(trx, cart, { principal: ANONYMOUS, lang }, known);
    return { changed: { cart, view, lang }, event: { type, data: view } };
  }

  /**
   * The answer to a change: the event's view when the caller sees the cart as it does (a guest, in the
   * default language and the cart's currency), which saves reading the cart, its items, prices, vouchers
   * and stock a second time in the same transaction; built for the caller otherwise.
   */
  async viewAfterChange(db: Db, changed: ChangedCart, opts: ViewOptions): Promise<CartView> {
    const asEvent = opts.principal.kind === 'anonymous' && opts.lang === changed.lang && (opts.currency ?? changed.cart.currency) === changed.cart.currency;
    return asEvent ? changed.view : this.view(db, changed.cart, opts);
  }

  /**
   * For another plugin: a count of what it attached to a cart (`count`: a subquery for the cart's id),
   * read in the statement that reads the cart's lines and handed to the totals taps in
   * `TotalsContext.reads` under `countedKey(name, cartId)`, so that a tap finding 0 reads nothing.
   */
  countWithLines(name: string, count: CartCount): void {
    this.deps.lineCounts.add(name, count);
  }

  /** The cart the caller may see, else 404 (unknown, expired, or another customer's). `lock` for changes. */
  async require(db: Db, id: string, principal: Principal, opts: { lock?: boolean } = {}): Promise<CartRecord> {
    return this.visible(await CartRows.find(db, id, opts), principal);
  }

  /** Like `require`, locked, and refusing a cart that already became an order (409 cart_ordered). */
  async requireOpen(trx: Db, id: string, principal: Principal): Promise<CartRecord> {
    return this.open(await this.require(trx, id, principal, { lock: true }));
  }

  // `require`'s and `requireOpen`'s refusals, for a cart however it was read.
  private visible(cart: CartRecord | undefined, principal: Principal): CartRecord {
    if (!cart || isExpired(cart, this.now()) || !canSee(cart, principal)) throw CheckoutErrors.cartNotFound();
    return cart;
  }

  private open(cart: CartRecord): CartRecord {
    if (cart.status !== 'open') throw CheckoutErrors.cartOrdered();
    return cart;
  }

  /**
   * `requireOpen` with the cart's lines and the other plugins' counts on it, read in the statement that
   * locks the cart: what `addItem` reads first, for a cart named by its id.
   */
  async requireOpenWithItems(trx: Db, id: string, principal: Principal): Promise<{ cart: CartRecord; lines: CartLines }> {
    const found = await lockedCartWithItems(this.deps, trx, id);
    const cart = this.open(this.visible(found?.cart, principal));
    return { cart, lines: { items: found!.items, counted: found!.counted } };
  }

  /** The cart as the API shows it: items and totals (no address yet: no shipping, no tax). */
  async view(db: Db, cart: CartRecord, opts: ViewOptions, known?: Omit<KnownCart, 'cart'>): Promise<CartView> {
    const currency = opts.currency ?? cart.currency;
    const { items, variants, counted } = known?.items ? { items: known.items, variants: known.variants, counted: undefined } : await cartItemsForSale(this.deps, db, cart.id);
    const priced = await priceItems(this.deps, db, items, currency, opts.lang, variants);
    // The plugins' counts read with the lines join what the change's taps read already, if anything.
    const reads = counted ? (known?.reads ?? new Map<string, unknown>()) : known?.reads;
    counted?.forEach((n, key) => reads!.set(key, n));
    const totals = await calculateTotals(this.deps, {
      db,
      cart: { id: cart.id, customer_id: cart.customer_id, email: cart.email, currency },
      lines: priced.lines.filter((l) => l.purchasable).map((l) => l.line),
      address: null,
      shipping: null,
      principal: opts.principal,
      lang: opts.lang,
      reads,
      newCart: known?.created,
    });
    return cartView(cart, priced.lines, totals, await lineStock(this.deps, db, priced));
  }

  /**
   * Adds units of a variant (an active product's) to an open cart, merging with its line; the line may
   * hold at most 999. Returns whether a new line was made.
   */
  async addItem(trx: Db, cart: CartRecord, input: { variant_id: number; quantity: number }, known?: CartLines): Promise<{ created: boolean; changed: ChangedCart }> {
    // The cart's items (unless read with the cart: `requireOpenWithItems`) and every variant they and the
    // new line need, each in one read: the view after the change prices the cart from them instead of
    // reading them again.
    const { items, counted } = known ?? (await cartItemsCounted(this.deps, trx, cart.id));
    const variants = await variantsWithStock(this.deps, trx, [...new Set([input.variant_id, ...items.map((i) => i.variant_id)])]);
    const variant = variants.get(input.variant_id);
    if (!variant) throw CheckoutErrors.unknownVariant('variant_id', input.variant_id);
    if (!variant.purchasable) throw CheckoutErrors.variantUnavailable({ variant_id: [`Variant ${variant.id} (${variant.sku}) is not for sale.`] });
    const now = this.now();
    const existing = items.find((i) => i.variant_id === variant.id);
    const total = (existing?.quantity ?? 0) + input.quantity;
    if (total > MAX_LINE_QUANTITY) throw CheckoutErrors.quantityTooLarge('quantity', MAX_LINE_QUANTITY, total);
    if (existing) {
      await CartRows.setQuantity(trx, existing.id, total, now);
      existing.quantity = total;
    } else {
      // A new line's id is the cart's highest, so it goes last, as the items are read (by id).
      items.push({ id: await CartRows.addItem(trx, cart.id, variant.id, input.quantity, now), variant_id: variant.id, quantity: input.quantity });
    }
    await CartRows.touch(trx, cart.id, now);
    // Adding an item changes none of the other plugins' counts read with the items.
    const reads = counted && new Map<string, unknown>(counted);
    return { created: !existing, changed: (await this.emit(trx, cart.id, 'cart.updated', { cart: { ...cart, updated_at: now }, items, variants, reads }))! };
  }

  /** Sets a line's quantity (1–999). */
  async updateItem(trx: Db, cart: CartRecord, itemId: number, quantity: number): Promise<ChangedCart> {
    const item = await CartRows.item(trx, cart.id, itemId);
    if (!item) throw CheckoutErrors.itemNotFound();
    const now = this.now();
    await CartRows.setQuantity(trx, item.id, quantity, now);
    await CartRows.touch(trx, cart.id, now);
    return (await this.emit(trx, cart.id, 'cart.updated', { cart: { ...cart, updated_at: now } }))!;
  }

  /** Removes a line. */
  async removeItem(trx: Db, cart: CartRecord, itemId: number): Promise<ChangedCart> {
    const item = await CartRows.item(trx, cart.id, itemId);
    if (!item) throw CheckoutErrors.itemNotFound();
    const now = this.now();
    await CartRows.removeItem(trx, item.id);
    await CartRows.touch(trx, cart.id, now);
    return (await this.emit(trx, cart.id, 'cart.updated', { cart: { ...cart, updated_at: now } }))!;
  }

  /**
   * The session cart for reading: a customer's current cart, or for anyone else the open guest cart
   * their `cart_id` cookie names. Undefined when there is none.
   */
  async sessionCart(db: Db, principal: Principal, cookieCartId: string | undefined): Promise<CartRecord | undefined> {
    const now = this.now();
    if (principal.kind === 'customer') return CartRows.latestOfCustomer(db, principal.id, now);
    if (!cookieCartId) return undefined;
    const cart = await CartRows.find(db, cookieCartId);
    return cart && isGuestSessionCart(cart, now) ? cart : undefined;
  }

  /**
   * The session cart for a change, locked; made (in `currency`) when there is none. `lines`: its lines and
   * the other plugins' counts on it, when they were read with it (a guest's cart) or are known (one made here).
   */
  async sessionCartForWrite(trx: Db, principal: Principal, cookieCartId: string | undefined, currency: string): Promise<{ cart: CartRecord; created: boolean; lines?: CartLines }> {
    const now = this.now();
    if (principal.kind === 'customer') {
      const own = await CartRows.latestOfCustomer(trx, principal.id, now, { lock: true });
      if (own) return { cart: own, created: false };
    } else if (cookieCartId) {
      // The guest's cart with its lines, in the statement that locks it (what adding an item reads first).
      const found = await lockedCartWithItems(this.deps, trx, cookieCartId);
      if (found && isGuestSessionCart(found.cart, now)) {
        return { cart: found.cart, created: false, lines: { items: found.items, counted: found.counted } };
      }
    }
    const { cart } = await this.create(trx, { currency, principal });
    // Made in this transaction: no lines, and nothing of another plugin refers to it yet.
    return { cart, created: true, lines: { items: [], counted: this.deps.lineCounts.none(cart.id) } };
  }

  /**
   * At login (`auth.loggedIn`): the guest cart the browser held joins the customer's current cart (same
   * variants add up, at most 999 a line) and is deleted; with no current cart it simply becomes the
   * customer's. Runs in the login's transaction.
   */
  async mergeAtLogin(trx: Knex.Transaction, customerId: number, guestCartId: string | undefined): Promise<void> {
    if (!guestCartId) return;
    const now = this.now();
    const guest = await CartRows.find(trx, guestCartId, { lock: true });
    if (!guest || guest.status !== 'open' || guest.customer_id !== null || isExpired(guest, now)) return;
    const own = await CartRows.latestOfCustomer(trx, customerId, now, { lock: true, except: guest.id });
    if (!own) {
      await CartRows.touch(trx, guest.id, now, { customer_id: customerId });
      await this.emit(trx, guest.id);
      return;
    }
    for (const item of await CartRows.items(trx, guest.id)) {
      const existing = await CartRows.itemOfVariant(trx, own.id, item.variant_id);
      if (existing) await CartRows.setQuantity(trx, existing.id, Math.min(MAX_LINE_QUANTITY, existing.quantity + item.quantity), now);
      else await CartRows.addItem(trx, own.id, item.variant_id, item.quantity, now);
    }
    await CartRows.remove(trx, [guest.id]);
    await CartRows.touch(trx, own.id, now);
    await this.emit(trx, own.id);
  }

  /** Deletes open carts untouched for 30 days, a batch at a time; returns how many went. */
  async purgeExpired(knex: Knex, batch = 500): Promise<number> {
    const cutoff = new Date(this.now().getTime() - CART_LIFETIME_MS);
    let removed = 0;
    for (;;) {
      const ids = (await knex('carts').where('status', 'open').andWhere('updated_at', '<', cutoff).limit(batch).pluck('id')) as string[];
      if (ids.length === 0) return removed;
      // The condition is checked again inside the transaction: a cart touched meanwhile stays.
      await knex.transaction(async (trx) => {
        const still = (await trx('carts').whereIn('id', ids).where('status', 'open').andWhere('updated_at', '<', cutoff).pluck('id')) as string[];
        await CartRows.remove(trx, still);
      });
      removed += ids.length;
      if (ids.length < batch) return removed;
    }
  }
}
