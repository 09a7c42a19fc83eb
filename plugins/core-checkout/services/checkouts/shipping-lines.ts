import type { PricedLine, ShippingLine } from '../../contracts.ts';
import type { VariantForSale } from '../deps.ts';

/**
 * The lines shipping providers rate: each priced line with its variant's weight (grams) and package
 * size (millimetres) from the catalogue, and the total weight (null when any line's weight is unknown,
 * so a provider never quotes a partial weight as the whole).
 */
export function shippingLines(lines: PricedLine[], variants: Map<number, VariantForSale>): { lines: ShippingLine[]; total_weight: number | null } {
  let total: number | null = 0;
  const out = lines.map((line): ShippingLine => {
    const variant = variants.get(line.variant_id);
    const weight = variant?.weight ?? null;
    total = weight === null || total === null ? null : total + weight * line.quantity;
    return { ...line, weight, dimensions: variant?.dimensions ?? null };
  });
  return { lines: out, total_weight: total };
}
