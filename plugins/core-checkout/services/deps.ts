import type { CartLineCounts } from './carts/line-counts.ts';
import type { PayPageTokens } from './pay-page-tokens.ts';
import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import type { Config } from '../../../kernel/config.ts';
import type { EventBus, OutboxEvent } from '../../../kernel/events.ts';
import type { Logger } from '../../../kernel/logger.ts';
import type { VariantColumns, VariantForSale, VariantIds } from '../../core-catalog/contracts.ts';
import type { Db } from '../contracts.ts';
import type { CheckoutHooks } from '../hooks.ts';

export type { VariantForSale };

/** The parts of core-store's `storeSettings` this plugin reads. */
export interface StoreSettingsReader {
  get(): {
    name: string;
    default_currency: string;
    default_language: string;
    prices_include_tax: boolean;
    tax_rates: Array<{ country: string; rate: string }>;
    test_mode: boolean;
    unpaid_order_timeout_minutes: number;
    /** Orders may ship before they are paid (cash on delivery). */
    allow_unpaid_shipments?: boolean;
    /** Held unpaid orders one e-mail or client address may have at once (0 or absent: no limit). */
    max_unpaid_orders?: number;
  };
}

/** core-store's `exchange` service. */
export interface ExchangeReader {
  rateFor(currency: string): string;
  fromDefault(minor: number, currency: string): { minor: number; rate: string };
}

/** core-catalog's `variantService`, as far as checkout uses it. */
export interface VariantReader {
  /**
   * `ids`: the ids, or a subquery selecting them (the variants of a cart's items); `columns`: other
   * plugins' subqueries on each variant, selected with it (`VariantForSale.columns`).
   */
  getVariantsForSale(db: Db, ids: VariantIds, columns?: VariantColumns): Promise<Map<number, VariantForSale>>;
  priceIn(variant: { price_minor: number; prices: Record<string, number> }, currency: string): { minor: number; rate: string | null };
}

/** core-catalog's `productService`, read for product names in the shopper's language. */
export interface ProductReader {
  get(db: Db, id: number): Promise<{ id: number; name: string; translations: Record<string, { name?: string }> }>;
}

export interface StockReference {
  type: string;
  id: number | string;
}

export interface StockLine {
  variant_id: number;
  quantity: number;
}

/** Units of a variant at a warehouse (null: untracked, or backordered). */
export interface StockPart {
  variant_id: number;
  warehouse_id: number | null;
  quantity: number;
}

/** core-inventory's `inventoryService`, as far as checkout uses it. */
export interface InventoryReader {
  /**
   * `callerRollsBack`: the caller's transaction ends when this throws, so no savepoint is made for it.
   * `variants`: the lines' variants as this transaction read them (getVariantsForSale), not read again.
   * `events` (with `callerRollsBack`): the reservation's events are added to it, for the caller to write
   * with its own in this transaction.
   */
  reserve(trx: Db, reference: StockReference, lines: Array<{ variant_id: number; quantity: number }>, opts?: { callerRollsBack?: boolean; variants?: ReadonlyMap<number, VariantForSale>; events?: OutboxEvent[] }): Promise<unknown>;
  release(trx: Db, reference: StockReference): Promise<unknown>;
  /** Frees up to each line's quantity of what the reference holds of its variant. */
  releaseLines(trx: Db, reference: StockReference, lines: StockLine[], opts?: { actor?: string; reason?: string }): Promise<StockPart[]>;
  /** Ships lines of the reference (reserved units leave the shelf); what left from where. */
  commit(trx: Db, reference: StockReference, lines: StockLine[], warehouseId?: number | null, opts?: { actor?: string }): Promise<StockPart[]>;
  /** Puts returned units back on hand at a warehouse. */
  restock(trx: Db, lines: StockLine[], warehouseId: number, opts?: { actor?: string; reason?: string; reference?: StockReference }): Promise<unknown>;
  /** Units available per variant over active warehouses (variants without records are absent). */
  available(db: Db, variantIds: number[]): Promise<Map<number, number>>;
  /** The same units as a subquery correlated to `variants.id` (null without records), for `getVariantsForSale`'s `columns`. */
  availableColumn(db: Db): VariantColumns[string];
}

/** What core-checkout's services are built on. */
export interface CheckoutDeps {
  knex: Knex;
  clock: Clock;
  config: Config;
  events: EventBus;
  logger: Logger;
  hooks: CheckoutHooks;
  settings: StoreSettingsReader;
  exchange: ExchangeReader;
  variants: VariantReader;
  products: ProductReader;
  inventory: InventoryReader;
  /** The hosted payment page's URL and secrets (`payment_url`, the gateways' return page). */
  pages: PayPageTokens;
  /** Other plugins' counts on a cart, read with its lines (`cartService.countWithLines`). */
  lineCounts: CartLineCounts;
}
