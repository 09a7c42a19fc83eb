import type { Knex } from 'knex';
import { currencyExponent } from '../../../kernel/money/iso4217.ts';
import { formatAmount } from '../../../kernel/money/money.ts';
import type { CategoryService, ProductService, VariantService } from '../../core-catalog/contracts.ts';
import type { InventoryService, WarehouseService } from '../../core-inventory/contracts.ts';
import type { StoreSettingsService } from '../../core-store/contracts.ts';
import type { ShippingMethodService } from '../../shipping-flat/contracts.ts';
import { CATEGORIES, DEMO_STORE, PRODUCTS, SHIPPING_METHODS, WAREHOUSE, type DemoText } from '../catalogue.ts';

export type Db = Knex | Knex.Transaction;

/** The other plugins' container services the seeder writes through (it never touches their tables). */
export interface DemoServices {
  storeSettings: StoreSettingsService;
  categoryService: CategoryService;
  productService: ProductService;
  variantService: VariantService;
  warehouseService: WarehouseService;
  inventoryService: InventoryService;
  shippingMethodService: ShippingMethodService;
}

/** What one seeding created (and what it left alone because it was there already). */
export interface SeedResult {
  categories: string[];
  products: Array<{ name: string; variants: number }>;
  variants: number;
  units: number;
  /** Demo SKUs already in the catalogue: their products were not created. */
  skippedSkus: string[];
  warehouse: { code: string; created: boolean };
  shippingMethods: string[];
  storeRenamed: boolean;
}

const ACTOR = { actor: 'system' };

/** Resolves the services the seeder needs from the kernel's container. */
export function demoServices(container: { resolve<T>(name: string): T }): DemoServices {
  const names = ['storeSettings', 'categoryService', 'productService', 'variantService', 'warehouseService', 'inventoryService', 'shippingMethodService'] as const;
  return Object.fromEntries(names.map((n) => [n, container.resolve(n)])) as unknown as DemoServices;
}

/**
 * Seeds the demo catalogue through the catalogue, inventory, shipping and store services, inside the
 * caller's transaction. What exists already is reused (categories by slug, the MAIN warehouse by code,
 * shipping methods by name) and a product whose SKUs are taken is skipped, so seeding twice adds nothing.
 */
export class DemoSeeder {
  constructor(private readonly s: DemoServices) {}

  /** Whether the catalogue has any product; core-catalog offers no product count, so variants stand in. */
  async hasProducts(db: Db): Promise<boolean> {
    return (await this.s.variantService.listQuery(db, {}).first()) !== undefined;
  }

  async seed(trx: Knex.Transaction): Promise<SeedResult> {
    const settings = this.s.storeSettings.get();
    const currency = settings.default_currency;
    const de = settings.languages.find((l) => l.toLowerCase() === 'de');
    const translate = (text?: DemoText) => (de && text ? { translations: { [de]: text } } : {});
    const result: SeedResult = { categories: [], products: [], variants: 0, units: 0, skippedSkus: [], warehouse: { code: WAREHOUSE.code, created: false }, shippingMethods: [], storeRenamed: false };

    const categoryIds = await this.categories(trx, translate, result);
    const warehouseId = await this.warehouse(trx, settings.country, result);
    for (const product of PRODUCTS) {
      const taken = await this.takenSkus(trx, product.variants.map((v) => v.sku));
      if (taken.length) {
        result.skippedSkus.push(...taken);
        continue;
      }
      const created = await this.s.productService.create(trx, {
        name: product.name,
        description: product.description,
        status: 'active',
        category_id: categoryIds.get(product.category)!,
        options: product.options,
        ...translate(product.de),
        variants: product.variants.map((v) => ({
          options: v.options,
          sku: v.sku,
          price: amount(v.cents, currency),
          ...(v.compareAtCents ? { compare_at_price: amount(v.compareAtCents, currency) } : {}),
        })),
      });
      const stock = new Map(product.variants.map((v) => [v.sku.toLowerCase(), v.stock]));
      const variants: Array<{ id: number; sku: string }> = await this.s.variantService.listQuery(trx, { product: created.id });
      for (const variant of variants) {
        const quantity = stock.get(variant.sku.toLowerCase()) ?? 0;
        await this.s.inventoryService.set(trx, { variant_id: variant.id, warehouse_id: warehouseId, quantity }, ACTOR);
        result.units += quantity;
      }
      result.products.push({ name: product.name, variants: variants.length });
      result.variants += variants.length;
    }
    await this.shipping(trx, currency, result);
    await this.branding(trx, result);
    return result;
  }

  private async categories(trx: Knex.Transaction, translate: (t?: DemoText) => object, result: SeedResult): Promise<Map<string, number>> {
    const existing: Array<{ id: number; slug: string }> = await this.s.categoryService.listQuery(trx, { parent: null });
    const ids = new Map<string, number>();
    for (const category of CATEGORIES) {
      const found = existing.find((c) => c.slug === category.slug);
      if (found) {
        ids.set(category.slug, Number(found.id));
        continue;
      }
      const created = await this.s.categoryService.create(trx, { name: category.name, slug: category.slug, description: category.description, ...translate(category.de) });
      ids.set(category.slug, created.id);
      result.categories.push(category.name);
    }
    return ids;
  }

  private async warehouse(trx: Knex.Transaction, country: string | null, result: SeedResult): Promise<number> {
    const existing: Array<{ id: number; code: string }> = await this.s.warehouseService.listQuery(trx, {});
    const found = existing.find((w) => w.code.toLowerCase() === WAREHOUSE.code.toLowerCase());
    if (found) return Number(found.id);
    const created = await this.s.warehouseService.create(trx, { name: WAREHOUSE.name, code: WAREHOUSE.code, country });
    result.warehouse.created = true;
    return created.id;
  }

  private async takenSkus(trx: Knex.Transaction, skus: string[]): Promise<string[]> {
    const taken: string[] = [];
    for (const sku of skus) if (await this.s.variantService.listQuery(trx, { sku }).first()) taken.push(sku);
    return taken;
  }

  private async shipping(trx: Knex.Transaction, currency: string, result: SeedResult): Promise<void> {
    const existing: Array<{ name: string }> = await this.s.shippingMethodService.listQuery(trx, {});
    for (const method of SHIPPING_METHODS) {
      if (existing.some((m) => m.name === method.name)) continue;
      const freeAbove = method.freeAboveCents === null ? null : amount(method.freeAboveCents, currency);
      await this.s.shippingMethodService.create(trx, {
        name: method.name,
        description: method.description.replace('{free_above}', `${freeAbove} ${currency}`),
        price: amount(method.cents, currency),
        currency,
        countries: [],
        free_above: freeAbove,
      });
      result.shippingMethods.push(method.name);
    }
  }

  // A store nobody has set up yet becomes a demo of what a shopper sees: English and German, dollars and
  // euros, and test mode, so a purchase can be tried in the browser with the test payment page.
  // Its own transaction before the seeding one: the catalogue accepts German translations only once the
  // store's languages (read from the settings, which see a change after its commit) include German.
  async setUpDemoStore(trx: Knex.Transaction): Promise<void> {
    const settings = this.s.storeSettings.get();
    if (settings.name !== 'Storekeep' || settings.branding.tagline) return;
    const languages = settings.languages.includes('de') ? settings.languages : [...settings.languages, 'de'];
    const currencies = settings.currencies.includes(DEMO_STORE.secondCurrency) || settings.default_currency === DEMO_STORE.secondCurrency ? settings.currencies : [...settings.currencies, DEMO_STORE.secondCurrency];
    const rates = currencies.includes(DEMO_STORE.secondCurrency) && !settings.exchange_rates[DEMO_STORE.secondCurrency] && settings.default_currency !== DEMO_STORE.secondCurrency ? { ...settings.exchange_rates, [DEMO_STORE.secondCurrency]: DEMO_STORE.exchangeRate } : settings.exchange_rates;
    await this.s.storeSettings.update(trx, { languages, currencies, exchange_rates: rates, test_mode: true });
  }

  // Only a store nobody has named yet gets the demo name and tagline, which say that the data is sample data.
  private async branding(trx: Knex.Transaction, result: SeedResult): Promise<void> {
    const settings = this.s.storeSettings.get();
    if (settings.name !== 'Storekeep' || settings.branding.tagline) return;
    await this.s.storeSettings.update(trx, { name: DEMO_STORE.name, branding: { tagline: DEMO_STORE.tagline } });
    result.storeRenamed = true;
  }
}

/** A demo price given in cents, as a decimal string in `currency` (whole units for a 0-decimal currency). */
export function amount(cents: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const minor = exponent >= 2 ? cents * 10 ** (exponent - 2) : Math.round(cents / 10 ** (2 - exponent));
  return formatAmount(minor, currency);
}

/** One line for the operator, e.g. "Seeded a demo catalogue: 8 products (21 variants) in 3 categories, …". */
export function summary(result: SeedResult): string {
  const parts = [
    `${result.products.length} products (${result.variants} variants, ${result.units} units in stock at warehouse ${result.warehouse.code})`,
    `${result.categories.length} new categories`,
    `${result.shippingMethods.length} shipping methods`,
  ];
  const skipped = result.skippedSkus.length ? ` Skipped products whose SKUs exist already: ${result.skippedSkus.join(', ')}.` : '';
  return `Seeded a demo catalogue: ${parts.join(', ')}. Prices and stock are made up; edit or delete them like any others.${skipped}`;
}
