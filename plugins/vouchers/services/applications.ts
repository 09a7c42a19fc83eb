import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import { VoucherErrors } from '../errors.ts';
import type { CartAccess, CartFacts, CartRecordLike, RequestView } from './cart.ts';
import type { ExchangeReader } from './currency.ts';
import { codeKey, voucherFromRow, type Db, type VoucherRecord } from './records.ts';
import { refusal } from './rules.ts';
import type { VoucherUsage } from './usage.ts';
import type { VoucherService } from './vouchers.ts';

/** How many vouchers one cart may hold at once. */
export const MAX_VOUCHERS_PER_CART = 5;

/**
 * The vouchers applied to carts, kept in this plugin's own table keyed by the cart's id. Applying checks
 * every rule against the cart as core-checkout prices it and explains a refusal; the discount itself is
 * computed whenever the cart is priced (VoucherDiscounts).
 */
export class VoucherApplications {
  constructor(
    private readonly parts: {
      clock: Clock;
      exchange: ExchangeReader;
      carts: CartAccess;
      vouchers: VoucherService;
      usage: VoucherUsage;
    },
  ) {}

  /** How many vouchers a cart holds, as a subquery: read with the cart's lines (`countWithLines`). */
  static countOf(db: Db, cartId: string): Knex.QueryBuilder {
    return db('voucher_applications').where('voucher_applications.cart_id', cartId).count('*');
  }

  /** The vouchers applied to a cart, in the order they were applied. */
  async vouchersOf(db: Db, cartId: string): Promise<VoucherRecord[]> {
    const rows = await db('voucher_applications as a')
      .join('vouchers as v', 'v.id', 'a.voucher_id')
      .where('a.cart_id', cartId)
      .orderBy('a.id')
      .select('v.*');
    return rows.map(voucherFromRow);
  }

  /**
   * Applies `code` to the open cart (locked meanwhile), or refuses with the reason (unknown, inactive, not yet valid, expired,
   * wrong currency, used up, per-customer limit, minimum not met). Applying a code the cart already
   * holds changes nothing (when it is still valid).
   */
  async apply(trx: Knex.Transaction, cartId: string, code: string, view: RequestView): Promise<CartRecordLike> {
    const { cart, facts } = await this.parts.carts.open(trx, cartId, view);
    const voucher = await this.parts.vouchers.findByCode(trx, code);
    if (!voucher) throw VoucherErrors.unknownCode(code.trim());
    await this.check(trx, voucher, facts);
    const applied = await trx('voucher_applications').where('cart_id', cart.id).select('voucher_id');
    if (applied.some((a) => Number(a.voucher_id) === voucher.id)) return cart;
    if (applied.length >= MAX_VOUCHERS_PER_CART) throw VoucherErrors.tooMany(MAX_VOUCHERS_PER_CART);
    await trx('voucher_applications').insert({ cart_id: cart.id, voucher_id: voucher.id, created_at: this.parts.clock.now() });
    await this.parts.carts.changed(trx, cart.id);
    return cart;
  }

  /** Takes `code` (any case) off the cart; 404 `voucher_not_applied` when the cart does not hold it. */
  async remove(trx: Knex.Transaction, cartId: string, code: string, view: RequestView): Promise<CartRecordLike> {
    const { cart } = await this.parts.carts.open(trx, cartId, view);
    const removed = await trx('voucher_applications')
      .where('cart_id', cart.id)
      .whereIn('voucher_id', trx('vouchers').select('id').where('code_key', codeKey(code)))
      .delete();
    if (!removed) throw VoucherErrors.notApplied(code);
    await this.parts.carts.changed(trx, cart.id);
    return cart;
  }

  private async check(db: Db, voucher: VoucherRecord, cart: CartFacts): Promise<void> {
    const usedBy = voucher.per_customer_limit === null ? new Map<number, number>() : await this.parts.usage.countsByCustomer(db, [voucher.id], cart);
    const why = refusal(this.parts.exchange, voucher, cart, this.parts.clock.now(), usedBy.get(voucher.id) ?? 0);
    if (why) throw why;
  }
}
