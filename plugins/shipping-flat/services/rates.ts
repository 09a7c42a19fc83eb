import type { Logger } from '../../../kernel/logger.ts';
import { AppError } from '../../../kernel/http/errors.ts';
import type { ShippingContext, ShippingRate } from '../../core-checkout/contracts.ts';
import type { ExchangeReader } from './currency.ts';
import type { ShippingMethodRecord, ShippingMethodService } from './methods.ts';

/**
 * The `checkout.collectShippingRates` tap: one rate per active method that ships to the address's
 * country (or everywhere), priced in the checkout's currency, free once the subtotal after discounts
 * reaches the method's threshold.
 */
export class FlatRates {
  constructor(
    private readonly parts: { provider: string; methods: ShippingMethodService; exchange: ExchangeReader; logger: Logger },
  ) {}

  async collect(rates: ShippingRate[], ctx: ShippingContext): Promise<ShippingRate[]> {
    const country = ctx.address.country.toUpperCase();
    const offered: ShippingRate[] = [];
    for (const method of await this.parts.methods.active(ctx.db)) {
      if (method.countries.length > 0 && !method.countries.includes(country)) continue;
      const rate = this.rateOf(method, ctx);
      if (rate) offered.push(rate);
    }
    return [...rates, ...offered];
  }

  // Null when the method's currency is no longer one the store converts (logged, not offered).
  private rateOf(method: ShippingMethodRecord, ctx: ShippingContext): ShippingRate | null {
    let price: number;
    let threshold: number | null;
    try {
      price = this.parts.exchange.convert(method.price_minor, method.currency, ctx.currency);
      threshold = method.free_above_minor === null ? null : this.parts.exchange.convert(method.free_above_minor, method.currency, ctx.currency);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      this.parts.logger.warn({ method: method.id, currency: method.currency, to: ctx.currency }, `shipping method not offered: ${err.message}`);
      return null;
    }
    const free = threshold !== null && ctx.subtotal_minor >= threshold;
    return {
      id: method.id,
      name: method.name,
      provider: this.parts.provider,
      price_minor: free ? 0 : price,
      currency: ctx.currency,
      description: method.description,
    };
  }
}
