import type { Clock } from '../../../kernel/clock.ts';
import { allocate, percentOf, toMoney } from '../../../kernel/money/money.ts';
import { countedKey, type AppliedDiscount, type Totals, type TotalsContext } from '../../core-checkout/contracts.ts';
import { VoucherErrors } from '../errors.ts';
import type { ExchangeReader } from './currency.ts';
import type { VoucherRecord } from './records.ts';
import { refusal } from './rules.ts';
import type { VoucherApplications } from './applications.ts';
import type { VoucherUsage } from './usage.ts';

/** The name of the count of a cart's vouchers, read with its lines (core-checkout's `countWithLines`). */
export const APPLIED = 'vouchers:applied';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function describe(v: VoucherRecord): string {
  if (v.discount_type === 'percentage') return `${v.percent}% off`;
  const m = toMoney(v.amount_minor!, v.currency!);
  return `${m.amount} ${m.currency} off`;
}

/**
 * The `checkout.calculateTotals` tap (stage 10): the discounts of the vouchers applied to the cart, in
 * the order they were applied. Each takes its share of what is left of the merchandise after earlier
 * discounts (never shipping): a percentage of it rounded half-up, or a fixed amount capped at it. The
 * amount is spread over the lines in proportion to what is left of each (largest remainder), so the
 * lines' discounts add up to it exactly and no line goes below zero. A voucher that is no longer valid
 * for the cart (expired, used up, minimum no longer met, …) is skipped and not listed, except while the
 * order is being placed: then it refuses the order (409 with the reason), so that nobody pays a price
 * without the discount they were shown moments before.
 */
export class VoucherDiscounts {
  constructor(
    private readonly parts: {
      source: string;
      clock: Clock;
      exchange: ExchangeReader;
      applications: VoucherApplications;
      usage: VoucherUsage;
    },
  ) {}

  async apply(totals: Totals, ctx: TotalsContext): Promise<Totals> {
    // A cart made by this very change holds no voucher yet.
    if (ctx.newCart) return totals;
    // A checkout is priced twice in one evaluation (without, then with shipping): one read serves both.
    const key = `vouchers:applied:${ctx.cart.id}`;
    let vouchers = ctx.reads?.get(key) as VoucherRecord[] | undefined;
    if (!vouchers) {
      // Counted with the cart's lines (index.ts): a cart that holds none needs no read of its own.
      const none = ctx.reads?.get(countedKey(APPLIED, ctx.cart.id)) === 0;
      vouchers = none ? [] : await this.parts.applications.vouchersOf(ctx.db, ctx.cart.id);
      ctx.reads?.set(key, vouchers);
    }
    if (vouchers.length === 0) return totals;
    const limited = vouchers.filter((v) => v.per_customer_limit !== null).map((v) => v.id);
    const usedBy = await this.parts.usage.countsByCustomer(ctx.db, limited, ctx.cart);
    const now = this.parts.clock.now();
    const facts = { currency: totals.currency, subtotal_minor: totals.subtotal_minor };
    const lines = totals.lines.map((line) => ({ ...line }));
    const discounts: AppliedDiscount[] = [...totals.discounts];
    let added = 0;
    for (const voucher of vouchers) {
      const why = refusal(this.parts.exchange, voucher, facts, now, usedBy.get(voucher.id) ?? 0);
      if (why && ctx.placing) throw VoucherErrors.noLongerValid(why, voucher.code);
      if (why) continue;
      const left = lines.map((line) => Math.max(0, line.total_minor - line.discount_minor));
      const base = sum(left);
      const amount = voucher.discount_type === 'percentage' ? percentOf(base, voucher.percent!) : Math.min(voucher.amount_minor!, base);
      if (base > 0) allocate(amount, left).forEach((share, i) => (lines[i]!.discount_minor += share));
      discounts.push({ source: this.parts.source, code: voucher.code, description: describe(voucher), amount_minor: amount });
      added += amount;
    }
    return { ...totals, lines, discounts, discount_minor: totals.discount_minor + added, total_minor: totals.total_minor - added };
  }
}
