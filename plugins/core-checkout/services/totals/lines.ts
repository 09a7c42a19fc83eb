import { multiplyQuantity } from '../../../../kernel/money/money.ts';
import type { Db, PricedLine } from '../../contracts.ts';
import type { CheckoutDeps, VariantForSale } from '../deps.ts';
import { variantsWithStock } from '../carts/line-stock.ts';

/** A cart item as stored. */
export interface CartItemRow {
  id: number;
  variant_id: number;
  quantity: number;
}

/** A cart item with its price: `purchasable` false when its product is no longer active. */
export interface CartLine {
  line: PricedLine;
  purchasable: boolean;
}

export interface PricedItems {
  /** The items as read, in the cart's order (those of deleted variants too). */
  items: CartItemRow[];
  /** Items whose variant still exists, in the cart's order. */
  lines: CartLine[];
  /** Items whose variant was deleted from the catalogue. */
  missing: CartItemRow[];
  /** The catalogue's view of each variant (stock flags for availability checks). */
  variants: Map<number, VariantForSale>;
}

// "de-CH-x-a" → ["de-ch-x-a", "de-ch", "de"]: a regional language falls back to its base language.
function fallbacks(lang: string): string[] {
  const parts = lang.toLowerCase().split('-');
  const chain: string[] = [];
  for (let n = parts.length; n > 0; n--) if (n === parts.length || parts[n - 1]!.length > 1) chain.push(parts.slice(0, n).join('-'));
  return chain;
}

/** A product's name in `lang` (or its base language), else its base name. */
export function nameIn(base: string, translations: Record<string, { name?: string }>, lang: string): string {
  const byKey = new Map(Object.entries(translations).map(([k, v]) => [k.toLowerCase(), v]));
  for (const tag of fallbacks(lang)) {
    const name = byKey.get(tag)?.name;
    if (name) return name;
  }
  return base;
}

// Product names in the shopper's language: only read when it is not the store's default language
// (base names are in that language), one read per distinct product of the cart.
async function localNames(deps: CheckoutDeps, db: Db, variants: VariantForSale[], lang: string): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (lang.toLowerCase() === deps.settings.get().default_language.toLowerCase()) return names;
  for (const productId of new Set(variants.map((v) => v.product_id))) {
    const product = await deps.products.get(db, productId).catch(() => undefined);
    if (product) names.set(productId, nameIn(product.name, product.translations ?? {}, lang));
  }
  return names;
}

/**
 * Prices cart items in `currency`: a variant's fixed price there when it has one, else its default-
 * currency price converted at the store's rate (exact, half-up). One catalogue query for all items, their
 * units available included, none when the caller read them in this transaction already (`known`,
 * holding every item's variant).
 */
export async function priceItems(deps: CheckoutDeps, db: Db, items: CartItemRow[], currency: string, lang: string, known?: Map<number, VariantForSale>): Promise<PricedItems> {
  const variants = known ?? (await variantsWithStock(deps, db, items.map((i) => i.variant_id)));
  const names = await localNames(deps, db, [...variants.values()], lang);
  const lines: CartLine[] = [];
  const missing: CartItemRow[] = [];
  for (const item of items) {
    const variant = variants.get(item.variant_id);
    if (!variant) {
      missing.push(item);
      continue;
    }
    const unit = deps.variants.priceIn(variant, currency).minor;
    lines.push({
      purchasable: variant.purchasable,
      line: {
        id: item.id,
        variant_id: variant.id,
        product_id: variant.product_id,
        sku: variant.sku,
        name: names.get(variant.product_id) ?? variant.product_name,
        options: variant.options,
        quantity: item.quantity,
        unit_price_minor: unit,
        total_minor: multiplyQuantity(unit, item.quantity),
        discount_minor: 0,
        tax_minor: 0,
        tax_rate: null,
      },
    });
  }
  return { items, lines, missing, variants };
}

/** Fresh copies of lines for one run of the totals hook (taps may change them). */
export function freshLines(lines: PricedLine[]): PricedLine[] {
  return lines.map((l) => ({ ...l, options: { ...l.options }, discount_minor: 0, tax_minor: 0, tax_rate: null }));
}
