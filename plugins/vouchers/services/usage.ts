import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import { affectedRows, forUpdate } from '../../../kernel/db/dialect.ts';
import type { OrderReleasedEvent, PlaceOrderEvent } from '../../core-checkout/contracts.ts';
import { VoucherErrors } from '../errors.ts';
import { codeKey, voucherFromRow, type Db, type VoucherRecord } from './records.ts';

/** Whose uses a per-customer limit counts: orders with this customer id or this e-mail (any case). */
export interface CustomerIdentity {
  customer_id: number | null;
  email: string | null;
}

function byCustomer(q: Knex.QueryBuilder, who: CustomerIdentity): Knex.QueryBuilder {
  return q.where((w) => {
    if (who.customer_id !== null) w.orWhere('customer_id', who.customer_id);
    if (who.email) w.orWhere('email', who.email.trim().toLowerCase());
  });
}

const known = (who: CustomerIdentity) => who.customer_id !== null || Boolean(who.email);

/**
 * Voucher use, counted where orders are placed and released. Taking a use is one conditional UPDATE
 * (`times_used < usage_limit`), so two transactions can never both take the last one: the database
 * serialises them on the voucher's row and the second finds the condition false.
 */
export class VoucherUsage {
  constructor(private readonly parts: { source: string; clock: Clock }) {}

  /** How many orders of this customer used each of `voucherIds` (missing: none). */
  async countsByCustomer(db: Db, voucherIds: number[], who: CustomerIdentity): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (voucherIds.length === 0 || !known(who)) return counts;
    const rows = await byCustomer(db('voucher_usages').whereIn('voucher_id', voucherIds), who).groupBy('voucher_id').select('voucher_id').count({ n: '*' });
    for (const row of rows as any[]) counts.set(Number(row.voucher_id), Number(row.n));
    return counts;
  }

  /**
   * The `checkout.placeOrder` tap: takes one use of every voucher the order's totals carry, in voucher
   * id order (a fixed lock order), and records who used it. A use that is gone is a 409
   * `voucher_used_up` (or `voucher_customer_limit_reached`), which rolls the whole order back.
   */
  async take(event: PlaceOrderEvent): Promise<void> {
    const { trx, order, totals } = event;
    const mine = totals.discounts.filter((d) => d.source === this.parts.source);
    if (mine.length === 0) return;
    const used: Array<{ voucher: VoucherRecord; amount: number }> = [];
    for (const discount of mine) {
      const row = await trx('vouchers').where('code_key', codeKey(discount.code)).first();
      if (!row) throw VoucherErrors.unknownCode(discount.code);
      used.push({ voucher: voucherFromRow(row), amount: discount.amount_minor });
    }
    used.sort((a, b) => a.voucher.id - b.voucher.id);
    const who: CustomerIdentity = { customer_id: order.customer_id, email: order.email };
    for (const { voucher, amount } of used) {
      if (await trx('voucher_usages').where({ voucher_id: voucher.id, order_id: order.id }).first('id')) continue;
      await this.takeOne(trx, voucher, who);
      await trx('voucher_usages').insert({
        voucher_id: voucher.id,
        order_id: order.id,
        customer_id: order.customer_id,
        email: order.email ? order.email.trim().toLowerCase() : null,
        amount_minor: amount,
        currency: totals.currency,
        created_at: this.parts.clock.now(),
      });
    }
  }

  private async takeOne(trx: Knex.Transaction, voucher: VoucherRecord, who: CustomerIdentity): Promise<void> {
    const taken = await trx('vouchers')
      .where('id', voucher.id)
      .andWhere((q) => q.whereNull('usage_limit').orWhereRaw('times_used < usage_limit'))
      .increment('times_used', 1);
    if (affectedRows(taken) !== 1) throw VoucherErrors.usedUp(voucher.code);
    if (voucher.per_customer_limit === null || !known(who)) return;
    // A locking read: this transaction holds the voucher's row, so no other order of it can add a use
    // between this count and the insert that follows, and the read sees every committed use.
    const uses = await forUpdate(trx, byCustomer(trx('voucher_usages').select('id').where('voucher_id', voucher.id), who));
    if (uses.length >= voucher.per_customer_limit) throw VoucherErrors.customerLimit(voucher.code, voucher.per_customer_limit);
  }

  /** The `checkout.orderReleased` tap: an unpaid order was cancelled, so its uses are given back. */
  async giveBack(event: OrderReleasedEvent): Promise<void> {
    const { trx, order } = event;
    const rows = await trx('voucher_usages').where('order_id', order.id).orderBy('voucher_id').select('voucher_id');
    for (const row of rows) {
      await trx('vouchers').where('id', row.voucher_id).andWhere('times_used', '>', 0).decrement('times_used', 1);
    }
    await trx('voucher_usages').where('order_id', order.id).delete();
  }
}
