import type { Logger } from '@storekeep-commerce/sdk';
import type { ShippingContext, ShippingRate } from '@storekeep-commerce/sdk/checkout';
import { covers, type WeightBandService } from './bands.ts';

/** Rate ids carry this prefix: other providers' numeric ids (shipping-flat's) cannot collide with them. */
export const RATE_PREFIX = 'weight-';

/**
 * The `checkout.collectShippingRates` tap: the one band of the destination country and the checkout's
 * currency that covers the parcel's total weight, as one rate. A cart with a line whose weight is not
 * recorded cannot be weighed, so this provider offers nothing for it (the others still do).
 */
export class WeightRates {
  constructor(private readonly parts: { provider: string; bands: WeightBandService; logger: Logger }) {}

  async collect(rates: ShippingRate[], ctx: ShippingContext): Promise<ShippingRate[]> {
    const weight = ctx.total_weight;
    if (weight === null) {
      const unweighed = ctx.lines.filter((l) => l.weight === null).map((l) => l.sku);
      this.parts.logger.debug({ skus: unweighed }, 'weight-based shipping not offered: a line has no weight');
      return rates;
    }
    const bands = await this.parts.bands.forDestination(ctx.db, ctx.address.country, ctx.currency);
    const band = bands.find((b) => covers(b, weight));
    if (!band) return rates;
    return [
      ...rates,
      {
        id: `${RATE_PREFIX}${band.id}`,
        name: band.name,
        provider: this.parts.provider,
        price_minor: band.price_minor,
        currency: ctx.currency,
        description: `Parcel of ${weight} g`,
      },
    ];
  }
}
